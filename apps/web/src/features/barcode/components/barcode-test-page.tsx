import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  type DeviceBarcodeParseResult,
  MANUFACTURER_NAMES,
  parseDeviceBarcode,
  showGroupSeparators,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  SCAN_SOURCE_LABELS,
  type ScannedText,
  ScanSources,
} from '../../../components/device-scan/scan-sources';
import { FORMAT_LABELS, ParsedFields, RawCode } from '../../../components/device-scan/scanned-code-details';
import { deviceGtinQueryOptions } from '../../../lib/device-gtins';
import { useSession } from '../../../lib/session/session-context';

type Scan = ScannedText & { id: number; at: Date; parsed: DeviceBarcodeParseResult };

/** Scans kept on the page: enough to compare a few labels; never stored (a serial number is PHI). */
const KEEP_SCANS = 10;

/** What the code's check says, in a word and a sentence. */
function verdictOf(parsed: DeviceBarcodeParseResult): { ok: boolean; text: string } {
  if (parsed.ok) {
    const checked =
      parsed.format === 'gs1'
        ? parsed.gtin
          ? 'GTIN check digit correct'
          : 'Read'
        : 'Check character correct';
    return { ok: true, text: checked };
  }
  return { ok: false, text: parsed.error.message };
}

/**
 * The scanner's test page (SPEC §2; issue 15 §1), for support staff checking a scanner or a label: a code
 * from the camera, a photo or typed, shown as read (separators visible), parsed, checked and matched to
 * the catalog, with the last scans listed. Nothing is saved.
 */
export function BarcodeTestPage() {
  const clinicNpi = useSession().currentClinic?.npi ?? '';
  const [scans, setScans] = useState<Scan[]>([]);
  const [shownId, setShownId] = useState<number | null>(null);
  const shown = scans.find((scan) => scan.id === shownId) ?? scans[0];
  const read = (scanned: ScannedText) => {
    const scan: Scan = {
      ...scanned,
      id: (scans[0]?.id ?? 0) + 1,
      at: new Date(),
      parsed: parseDeviceBarcode(scanned.raw),
    };
    setScans((before) => [scan, ...before].slice(0, KEEP_SCANS));
    setShownId(scan.id);
  };
  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <Typography variant="body2" color="textSecondary">
        Check a barcode scanner or a device label. Scan with the camera or a USB scanner, upload a photo, or
        paste the code. Nothing here is saved.
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <ScanSources onRead={read} />
      </Paper>
      {shown && <ScanDetails scan={shown} clinicNpi={clinicNpi} />}
      {scans.length > 0 && (
        <Paper variant="outlined" component="section" aria-labelledby="last-scans-heading" sx={{ p: 2 }}>
          <Typography id="last-scans-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
            Last scans
          </Typography>
          <Table size="small" aria-labelledby="last-scans-heading" data-testid="last-scans">
            <TableHead>
              <TableRow>
                <TableCell>Time</TableCell>
                <TableCell>From</TableCell>
                <TableCell>Format</TableCell>
                <TableCell>Result</TableCell>
                <TableCell>Code</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {scans.map((scan) => {
                const verdict = verdictOf(scan.parsed);
                return (
                  <TableRow
                    key={scan.id}
                    hover
                    selected={scan.id === shown?.id}
                    onClick={() => setShownId(scan.id)}
                    sx={{ cursor: 'pointer' }}
                  >
                    <TableCell>{scan.at.toLocaleTimeString()}</TableCell>
                    <TableCell>{SCAN_SOURCE_LABELS[scan.source]}</TableCell>
                    <TableCell>{FORMAT_LABELS[scan.parsed.format]}</TableCell>
                    <TableCell sx={{ color: verdict.ok ? 'success.dark' : 'error.dark' }}>
                      {verdict.ok ? 'Valid' : 'Not valid'}
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                      {showGroupSeparators(scan.raw)}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}

function ScanDetails({ scan, clinicNpi }: { scan: Scan; clinicNpi: string }) {
  const { parsed } = scan;
  const verdict = verdictOf(parsed);
  const gtin = parsed.ok && parsed.format === 'gs1' ? parsed.gtin : null;
  const match = useQuery({ ...deviceGtinQueryOptions(clinicNpi, gtin), meta: { silent: true } });
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="scan-details-heading"
      sx={{ p: 2 }}
      data-testid="scan-details"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography id="scan-details-heading" component="h2" variant="h6" sx={{ mr: 1 }}>
          Scan
        </Typography>
        <Chip size="small" label={FORMAT_LABELS[parsed.format]} />
        {parsed.ok && parsed.symbology && <Chip size="small" variant="outlined" label={parsed.symbology} />}
        {scan.format && <Chip size="small" variant="outlined" label={`Read as ${scan.format}`} />}
        <Chip size="small" variant="outlined" label={SCAN_SOURCE_LABELS[scan.source]} />
      </Stack>
      <Stack spacing={1.5}>
        <RawCode raw={scan.raw} />
        <Alert severity={verdict.ok ? 'success' : 'error'} data-testid="scan-verdict">
          {verdict.text}
        </Alert>
        <ParsedFields parsed={parsed} />
        {gtin && match.data && (
          <Typography variant="body2" data-testid="scan-catalog-match">
            {match.data.match
              ? `Catalog: ${MANUFACTURER_NAMES[match.data.match.manufacturer]} ${match.data.match.modelName} (${match.data.match.modelNumber}, ${match.data.match.deviceType}), ${match.data.match.source === 'catalog' ? 'from the device catalog' : "from this clinic's pairing"}`
              : 'Catalog: this GTIN is not known to the catalog or this clinic.'}
          </Typography>
        )}
      </Stack>
    </Paper>
  );
}
