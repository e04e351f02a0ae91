import type { LeadConfigurationKey } from '../reports/lead-configurations';
import {
  findMeasurement,
  type LeadChamber,
  listDeviceCheckFields,
  listRequiredDeviceCheckFields,
  type MeasurementDefinition,
  type SessionDeviceType,
} from './measurements';

export type DeviceCheckField = MeasurementDefinition & { required: boolean };
export type DeviceCheckGroup = { id: string; title: string; fields: DeviceCheckField[] };

const GROUP_TITLES: Record<string, string> = {
  battery: 'Battery',
  'lead-RA': 'RA lead',
  'lead-RV': 'RV lead',
  'lead-LV': 'LV lead',
  sensing: 'Sensing',
  hv: 'HV (shock) lead',
  pacing: 'Pacing',
  episodes: 'Arrhythmias and episodes',
  therapy: 'Therapies delivered',
};

function groupIdOf(measurement: MeasurementDefinition, configuration: LeadConfigurationKey): string {
  if (measurement.group === 'lead') {
    if (configuration === 'ilr') return 'sensing';
    const chamber = (measurement as { chamber?: LeadChamber }).chamber ?? 'RV';
    return `lead-${chamber}`;
  }
  if (measurement.group === 'arrhythmia') return 'episodes';
  return measurement.group;
}

/**
 * The device check's fields per lead configuration and device type, grouped as the form and the report
 * show them: battery, each lead, HV, pacing %, episodes, therapies. An ILR's RV sensing is its R-wave.
 */
export function groupDeviceCheckFields(
  configuration: LeadConfigurationKey,
  deviceType: SessionDeviceType,
): DeviceCheckGroup[] {
  const required = new Set(listRequiredDeviceCheckFields(configuration, deviceType));
  const groups = new Map<string, DeviceCheckGroup>();
  for (const key of listDeviceCheckFields(configuration, deviceType)) {
    const measurement = findMeasurement(key);
    if (!measurement) continue;
    const id = groupIdOf(measurement, configuration);
    const group = groups.get(id) ?? { id, title: GROUP_TITLES[id] ?? id, fields: [] };
    const label =
      configuration === 'ilr' && key === 'MDC_IDC_MSMT_LEADCHNL_RV_SENSING_INTR_AMPL'
        ? 'R-wave amplitude'
        : measurement.label;
    group.fields.push({ ...measurement, label, required: required.has(key) });
    groups.set(id, group);
  }
  const order = Object.keys(GROUP_TITLES);
  return [...groups.values()].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
}

/** A value as a report shows it: the unit's decimals and the unit, or a status as is. */
export function formatMeasurementValue(key: string, value: number | string): string {
  const measurement = findMeasurement(key);
  if (measurement?.kind !== 'number' || typeof value === 'string') return String(value);
  const unit = measurement.unit === '%' ? '%' : ` ${measurement.unit}`;
  return `${value.toFixed(measurement.decimals)}${unit}`;
}
