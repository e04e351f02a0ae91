import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { queryKeys } from '../../../lib/query-keys';
import { getDefaultsPage } from '../api/get-defaults';
import { type AnyDefault, DEFAULT_KIND_LABELS, type DefaultKind } from '../types';
import { buildDefaultColumns } from './default-columns';
import { type DefaultDialogTarget, DefaultFormDialog } from './default-form-dialog';
import { DeleteDefaultDialog } from './delete-default-dialog';

const KINDS: readonly DefaultKind[] = ['feature-flags', 'workflows'];
const getDefaultId = (row: AnyDefault) => row.id;

type Opened<T> = { value: T; open: boolean; key: number };

/** Opens and closes a dialog, keeping its value while it fades out; `key` makes each opening fresh. */
function useOpened<T>() {
  const [opened, setOpened] = useState<Opened<T> | null>(null);
  const show = useCallback(
    (value: T) => setOpened((current) => ({ value, open: true, key: (current?.key ?? 0) + 1 })),
    [],
  );
  const hide = useCallback(() => setOpened((current) => (current ? { ...current, open: false } : null)), []);
  return { opened, show, hide };
}

function DefaultsTable({ kind }: { kind: DefaultKind }) {
  const form = useOpened<DefaultDialogTarget>();
  const removal = useOpened<AnyDefault>();
  const { show: showForm } = form;
  const { show: showRemoval } = removal;
  const columns = useMemo(
    () =>
      buildDefaultColumns({
        kind,
        onEdit: (row) => showForm({ mode: 'edit', row }),
        onDelete: showRemoval,
      }),
    [kind, showForm, showRemoval],
  );
  const fetchPage = useCallback(
    (query: Parameters<typeof getDefaultsPage>[1], options: { signal: AbortSignal }) =>
      getDefaultsPage(kind, query, options),
    [kind],
  );
  const { plural, singular } = DEFAULT_KIND_LABELS[kind];
  return (
    <>
      <DataTable
        label={`${plural} defaults`}
        columns={columns}
        queryKey={queryKeys.defaults.of(kind)}
        fetchPage={fetchPage}
        getRowId={getDefaultId}
        defaultOrder={{ field: 'title', direction: 'asc' }}
        searchPlaceholder="Name, title or description"
        emptyMessage={`No ${singular} defaults match the search.`}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => showForm({ mode: 'create' })}>
            New {singular}
          </Button>
        }
      />
      {form.opened && (
        <DefaultFormDialog
          key={`form-${form.opened.key}`}
          kind={kind}
          target={form.opened.value}
          open={form.opened.open}
          onClose={form.hide}
        />
      )}
      <DeleteDefaultDialog
        key={`delete-${removal.opened?.key ?? 0}`}
        kind={kind}
        row={removal.opened?.value ?? null}
        open={removal.opened?.open ?? false}
        onClose={removal.hide}
      />
    </>
  );
}

/**
 * The global defaults (/admin/defaults): the feature flags and workflow settings every clinic
 * inherits until it sets its own. One tab each; the tab is in the address (?tab=workflows).
 */
export function DefaultsPage() {
  const [params, setParams] = useSearchParams();
  const kind: DefaultKind = params.get('tab') === 'workflows' ? 'workflows' : 'feature-flags';
  return (
    <Box sx={{ maxWidth: 1280 }}>
      <Typography color="textSecondary" sx={{ mb: 2 }}>
        Every clinic inherits these until it sets its own value on its clinic page.
      </Typography>
      <Tabs
        value={kind}
        onChange={(_event, next: DefaultKind) =>
          setParams(next === 'feature-flags' ? {} : { tab: next }, { replace: true })
        }
        aria-label="Kind of default"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {KINDS.map((value) => (
          <Tab
            key={value}
            value={value}
            label={DEFAULT_KIND_LABELS[value].plural}
            id={`defaults-tab-${value}`}
            aria-controls={`defaults-panel-${value}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`defaults-panel-${kind}`} aria-labelledby={`defaults-tab-${kind}`}>
        <DefaultsTable key={kind} kind={kind} />
      </Box>
    </Box>
  );
}
