// date-fns format strings of SPEC §9.

export const DATE_FORMAT_US = 'MM/dd/yyyy hh:mm:ss aaa';
export const DATE_FORMAT_US_DATE = 'MM/dd/yyyy';
/** The US date and time to the minute, where seconds would only clutter (comments, sign-in times). */
export const DATE_FORMAT_US_MINUTES = 'MM/dd/yyyy hh:mm aaa';
export const DATE_FORMAT_TIMESTAMP = 'yyyy/MM/dd hh:mm:ss aaa';
// SPEC writes the timeline format as 'MMMM d, yyyy at hh:mm a'. In date-fns an unquoted 'at' is two tokens
// (AM/PM and Unix seconds), so the literal word is quoted here to render 'March 5, 2024 at 02:07 PM'.
export const DATE_FORMAT_TIMELINE = "MMMM d, yyyy 'at' hh:mm a";
export const DATE_FORMAT_FILENAME = 'yyyy-MM-dd_HH-mm-ss';

export const DATE_FORMATS = {
  us: DATE_FORMAT_US,
  usDate: DATE_FORMAT_US_DATE,
  usMinutes: DATE_FORMAT_US_MINUTES,
  timestamp: DATE_FORMAT_TIMESTAMP,
  timeline: DATE_FORMAT_TIMELINE,
  filename: DATE_FORMAT_FILENAME,
} as const;

/** The week-start helper starts weeks on Monday (date-fns weekStartsOn). */
export const WEEK_STARTS_ON = 1;
