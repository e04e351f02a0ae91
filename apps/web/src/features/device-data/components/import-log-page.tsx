import { type DeviceDataMessage, formatUsDateTime } from '@portal/domain';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Chip } from '../../../components/ui/chip';
import { LinearProgress } from '../../../components/ui/linear-progress';
import { downloadRawDeviceDataMessage } from '../api/download-raw-device-data-message';
import { useDeviceDataMessages } from '../api/get-device-data-messages';
import './import-log-page.css';

const PAGE_SIZE = 25;

const OUTCOME_LABELS: Record<DeviceDataMessage['outcome'], string> = {
  created: 'Session recorded',
  duplicate: 'Already received',
  refused: 'Refused',
};

function AckChip({ message }: { message: DeviceDataMessage }) {
  const color = message.ackCode === 'AA' ? (message.warnings.length ? 'warning' : 'success') : 'error';
  return <Chip size="small" variant="outlined" color={color} label={message.ackCode} />;
}

function Details({ message }: { message: DeviceDataMessage }) {
  const count = message.warnings.length;
  return (
    <details className="import-log__details">
      <summary>{count === 0 ? 'ACK' : `${count} warning${count === 1 ? '' : 's'} and the ACK`}</summary>
      <section
        className="import-log__scroll"
        aria-label={`Warnings and ACK of message ${message.controlId || message.id}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the keyboard (axe scrollable-region-focusable)
        tabIndex={0}
      >
        {count > 0 && (
          <ul>
            {message.warnings.map((warning, index) => (
              // Warnings have no id of their own; their order is the ACK's.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
              <li key={index}>
                <span className="import-log__location">{warning.location}</span> {warning.message}
              </li>
            ))}
          </ul>
        )}
        <pre className="import-log__ack">{message.ack.replaceAll('\r', '\n')}</pre>
      </section>
    </details>
  );
}

/** Provider-company staff who import device data: every HL7 message received, its ACK and its warnings. */
export function ImportLogPage() {
  // The ids that begin each page seen so far: "Newer" goes back one.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const before = cursors.at(-1);
  const query = useDeviceDataMessages(before, PAGE_SIZE);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const messages = query.data?.data ?? [];
  const download = (message: DeviceDataMessage) => {
    setDownloadError(null);
    downloadRawDeviceDataMessage(message).catch((error: Error) => setDownloadError(error.message));
  };
  return (
    <section className="import-log" aria-labelledby="import-log-title">
      <div className="import-log__intro">
        <h2 id="import-log-title" className="ui-h6">
          Device data import log
        </h2>
        <p>
          Each HL7 device transmission received, newest first, with the acknowledgement its sender got. AA
          with warnings means the session was recorded and the parts listed were not understood; the raw
          message is kept as it came.
        </p>
        <Button variant="outlined" onClick={() => void query.refetch()} disabled={query.isFetching}>
          Refresh
        </Button>
      </div>
      {query.isFetching && <LinearProgress aria-label="Loading messages" />}
      {query.isError && (
        <Alert severity="error" style={{ margin: 16 }}>
          {query.error.message}
        </Alert>
      )}
      {downloadError && (
        <Alert severity="error" style={{ margin: 16 }}>
          {downloadError}
        </Alert>
      )}
      <div style={{ overflowX: 'auto' }}>
        <table className="import-log__table" aria-label="Device data import log">
          <thead>
            <tr>
              <th scope="col">Received</th>
              <th scope="col">Clinic</th>
              <th scope="col">Sender</th>
              <th scope="col">Control id</th>
              <th scope="col">ACK</th>
              <th scope="col">Outcome</th>
              <th scope="col">Raw message</th>
              <th scope="col">Warnings and ACK</th>
            </tr>
          </thead>
          <tbody>
            {messages.map((message) => (
              <tr key={message.id}>
                <td className="import-log__nowrap">{formatUsDateTime(message.receivedAt)}</td>
                <td className="import-log__nowrap">{message.clinicNpi}</td>
                <td>{message.sendingFacility || '—'}</td>
                <td className="import-log__location">{message.controlId || '—'}</td>
                <td>
                  <AckChip message={message} />
                </td>
                <td className="import-log__nowrap">{OUTCOME_LABELS[message.outcome]}</td>
                <td>
                  <Button
                    size="small"
                    onClick={() => download(message)}
                    aria-label={`Download raw message ${message.controlId || message.id}`}
                  >
                    Download
                  </Button>
                </td>
                <td>
                  <Details message={message} />
                </td>
              </tr>
            ))}
            {query.isSuccess && messages.length === 0 && (
              <tr>
                <td colSpan={8} className="import-log__empty">
                  No messages received yet.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <div className="import-log__pages">
        <Button disabled={cursors.length <= 1} onClick={() => setCursors((list) => list.slice(0, -1))}>
          Newer
        </Button>
        <Button
          disabled={!query.data?.nextBefore}
          onClick={() => {
            const next = query.data?.nextBefore;
            if (next) setCursors((list) => [...list, next]);
          }}
        >
          Older
        </Button>
      </div>
    </section>
  );
}
