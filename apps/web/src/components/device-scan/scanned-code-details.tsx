import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type DeviceBarcodeParseResult, formatUsDate, showGroupSeparators } from '@portal/domain';
import { Fragment } from 'react';

/** The fields a parsed device code carries, as label and value, in the order a label prints them. */
export function listParsedFields(parsed: DeviceBarcodeParseResult): [string, string][] {
  if (!parsed.ok) return [];
  const date = (value: string | null) => (value ? formatUsDate(value) : null);
  const fields: [string, string | null][] =
    parsed.format === 'gs1'
      ? [
          ['GTIN', parsed.gtin],
          ['Serial number', parsed.serial],
          ['Lot', parsed.lot],
          ['Expiry', date(parsed.expiry)],
          ['Production date', date(parsed.productionDate)],
        ]
      : [
          ['Labeler code', parsed.labelerCode],
          ['Product number', parsed.productNumber],
          ['Unit of measure', parsed.unitOfMeasure === null ? null : String(parsed.unitOfMeasure)],
          ['Serial number', parsed.serial],
          ['Lot', parsed.lot],
          ['Expiry', date(parsed.expiry)],
        ];
  // Every other element GS1 defines is shown too, by its AI and GS1's title, so nothing on the label is lost.
  const others: [string, string][] =
    parsed.format === 'gs1'
      ? parsed.elements
          .filter((element) => !READ_AIS.has(element.ai))
          .map((element) => [`(${element.ai}) ${element.title}`, element.value])
      : [];
  return [
    ...fields.filter((field): field is [string, string] => field[1] !== null && field[1] !== ''),
    ...others,
  ];
}

/** The AIs shown above under their own names. */
const READ_AIS = new Set(['01', '10', '11', '17', '21']);

export const FORMAT_LABELS = { gs1: 'GS1 (UDI)', hibc: 'HIBC', unknown: 'Unknown' } as const;

/**
 * The code as read, in a monospaced box that wraps: each group separator (ASCII 29) a small 'GS' tag,
 * other control characters as their Unicode pictures.
 */
export function RawCode({ raw }: { raw: string }) {
  const parts = raw.split('\u001d');
  return (
    <Box
      component="code"
      data-testid="scan-raw"
      sx={{
        display: 'block',
        fontFamily: 'monospace',
        fontSize: 14,
        p: 1,
        borderRadius: 1,
        bgcolor: 'grey.100',
        wordBreak: 'break-all',
      }}
    >
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one code, in order, never reordered
        <Fragment key={index}>
          {index > 0 && (
            <Box
              component="abbr"
              title="Group separator (ASCII 29)"
              data-separator
              sx={{
                mx: 0.25,
                px: 0.5,
                borderRadius: 0.5,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                fontSize: 11,
                fontWeight: 700,
                textDecoration: 'none',
              }}
            >
              GS
            </Box>
          )}
          {showGroupSeparators(part)}
        </Fragment>
      ))}
    </Box>
  );
}

/** The parsed fields as a definition list. */
export function ParsedFields({ parsed }: { parsed: DeviceBarcodeParseResult }) {
  const fields = listParsedFields(parsed);
  if (fields.length === 0) return null;
  return (
    <Box
      component="dl"
      data-testid="scan-fields"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {fields.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="textSecondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, fontFamily: 'monospace' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
