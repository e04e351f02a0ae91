import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import type { OrderField, OrderingPhysician } from '../study-form';
import { FORM_GRID_SX, StudyField } from './study-field';

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
  onChoosePhysician: (physician: OrderingPhysician) => void;
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
  onChoosePhysician,
  children,
}: OrderFieldsProps<Field>) {
  const npi = field('orderingPhysicianNpi');
  const name = field('orderingPhysicianName');
  const chosen = providers.find((provider) => provider.npi === npi.value.trim());
  return (
    <Box sx={FORM_GRID_SX}>
      {providers.length > 0 && (
        <StudyField
          formId={npi.formId}
          name="orderingPhysician"
          label="Clinic provider"
          value={chosen?.npi ?? ANOTHER_PHYSICIAN}
          onChange={(_name, value) => {
            const provider = providers.find((item) => item.npi === value);
            onChoosePhysician(provider ?? { npi: '', name: '' });
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
      <StudyField {...npi} required span={2} inputMode="numeric" />
      <StudyField {...name} required span={4} />
      {children}
      <StudyField {...field('startDate')} type="date" span={3} helperText="Optional" />
      <StudyField {...field('notes')} multiline span={6} />
    </Box>
  );
}
