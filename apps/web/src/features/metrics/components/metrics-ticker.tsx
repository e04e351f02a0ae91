import { REALTIME_EVENTS } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorIcon, InboxOutlinedIcon, ScheduleIcon } from '../../../components/ui/icons';
import { Tooltip } from '../../../components/ui/tooltip';
import { inboxToDoLink } from '../../../lib/inbox-link';
import { queryKeys } from '../../../lib/query-keys';
import { useRealtimeInvalidation } from '../../../lib/realtime/use-realtime-invalidation';
import { usePermissions, useSession } from '../../../lib/session/session-context';
import { tickerQueryOptions } from '../api/get-ticker';
import './metrics-ticker.css';

type TickerItemProps = {
  testId: string;
  count: number;
  /** The short word beside the number on a wide screen ("unsigned"). */
  word: string;
  /** What the link says in full to a screen reader and in its tooltip; it starts with the visible text. */
  label: string;
  to: string;
  icon: ReactNode;
  /** Filled in its colour while the count is above zero: high alerts red, overdue amber. */
  attention?: 'error' | 'overdue';
};

function TickerItem({ testId, count, word, label, to, icon, attention }: TickerItemProps) {
  const alarmed = attention !== undefined && count > 0;
  return (
    <Tooltip title={label}>
      <Link
        to={to}
        aria-label={label}
        data-testid={testId}
        data-count={count}
        className={
          alarmed ? `metrics-ticker__item metrics-ticker__item--${attention}` : 'metrics-ticker__item'
        }
      >
        {icon}
        <span>{count.toLocaleString('en-US')}</span>
        {/* The word only where the header has room for it; the link's name says it everywhere. */}
        <span className="metrics-ticker__word">{` ${word}`}</span>
      </Link>
    </Tooltip>
  );
}

/**
 * The header's live counts for the current clinic (issue 17 §5): its unsigned documents, high alerts and
 * documents past their review time, each a link to that part of the inbox. A document change at the
 * clinic (realtime) refreshes it at once; the overdue count, which changes with the clock, every minute.
 */
export function MetricsTicker() {
  const { can } = usePermissions();
  const { currentClinic } = useSession();
  const clinicNpi = currentClinic?.npi ?? '';
  const allowed = Boolean(currentClinic) && can('metrics:read');
  useRealtimeInvalidation('clinic', REALTIME_EVENTS.documentsChanged, queryKeys.metrics.ticker(clinicNpi));
  const query = useQuery({ ...tickerQueryOptions(clinicNpi), enabled: allowed });
  const ticker = query.data;
  if (!allowed || !ticker || !currentClinic) return null;
  const at = `at ${currentClinic.name}`;
  const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset brings a border, padding and min-width of its own and wants a legend
    <div
      role="group"
      aria-label={`Work waiting ${at}`}
      data-testid="metrics-ticker"
      className="metrics-ticker"
    >
      <TickerItem
        testId="ticker-unsigned"
        count={ticker.unsigned}
        word="unsigned"
        label={`${plural(ticker.unsigned, 'unsigned document', 'unsigned documents')} ${at}: open the to-do list`}
        to={inboxToDoLink(clinicNpi)}
        icon={<InboxOutlinedIcon aria-hidden />}
      />
      <TickerItem
        testId="ticker-high"
        count={ticker.alerts.high}
        word="high"
        label={`${plural(ticker.alerts.high, 'high alert', 'high alerts')} unsigned ${at}: open them in the inbox`}
        to={inboxToDoLink(clinicNpi, { alert: 'high' })}
        icon={<ErrorIcon aria-hidden />}
        attention="error"
      />
      <TickerItem
        testId="ticker-overdue"
        count={ticker.overdue}
        word="overdue"
        label={`${ticker.overdue} overdue: ${ticker.overdue === 1 ? 'a document past its' : 'documents past their'} review time ${at}; open the to-do list, longest waiting first`}
        to={inboxToDoLink(clinicNpi, { overdue: true, sort: 'received' })}
        icon={<ScheduleIcon aria-hidden />}
        attention="overdue"
      />
    </div>
  );
}
