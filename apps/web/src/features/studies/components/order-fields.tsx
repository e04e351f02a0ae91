import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { FORM_GRID_SX, FormField } from '../../../components/form-field';
import type { OrderField, OrderingPhysician } from '../study-form';

type FieldProps<Field extends string> = {
  formId: string;
  name: Field;
  label: string;
  value: string;
  onChange: (name: Field, value: string) => void;
  error?: string | undefined;
  disabled: boolean;
};

type OrderFieldsProps<Field extends string> = {
  field: (name: OrderField) => FieldProps<Field>;
  /** The clinic's providers: choosing one fills the NPI and the name. */
  providers: readonly OrderingPhysician[];
  /** The form's change: choosing a provider sets both physician fields at once. */
  change: (changes: { orderingPhysicianNpi: string; orderingPhysicianName: string }) => void;
  /** The suite's own fields (nights, study type and days, hours), between the physician and the start. */
  children: ReactNode;
};

const ANOTHER_PHYSICIAN = '';

/**
 * What every study order asks: who orders it (a clinic provider, or any physician by NPI and name), the
 * suite's own fields, when it starts (left empty: as soon as the vendor can) and notes for the vendor.
 */
export function OrderFields<Field extends string>({
  field,
  providers,
  change,
  children,
}: OrderFieldsProps<Field>) {
  const npi = field('orderingPhysicianNpi');
  const name = field('orderingPhysicianName');
  const chosen = providers.find((provider) => provider.npi === npi.value.trim());
  return (
    <Box sx={FORM_GRID_SX}>
      {providers.length > 0 && (
        <FormField
          formId={npi.formId}
          name="orderingPhysician"
          label="Clinic provider"
          value={chosen?.npi ?? ANOTHER_PHYSICIAN}
          onChange={(_name, value) => {
            const provider = providers.find((item) => item.npi === value);
            change({
              orderingPhysicianNpi: provider?.npi ?? '',
              orderingPhysicianName: provider?.name ?? '',
            });
          }}
          disabled={npi.disabled}
          options={[
            { value: ANOTHER_PHYSICIAN, label: 'Another physician' },
            ...providers.map((provider) => ({ value: provider.npi, label: provider.name })),
          ]}
          span={6}
          helperText="Fills in the ordering physician's NPI and name"
        />
      )}
      <FormField {...npi} required span={2} inputMode="numeric" />
      <FormField {...name} required span={4} />
      {children}
      <FormField {...field('startDate')} type="date" span={3} helperText="Optional" />
      <FormField {...field('notes')} multiline span={6} />
    </Box>
  );
}
