import { type Kysely, sql } from 'kysely';

// Manufacturer advisories (issue 13 §8): recalls and safety notices, stored as records that say which devices
// they touch (manufacturer code, model numbers, and optionally serial ranges or listed serials), with the
// notice's public title and date, what it recommends, and a link.
//
// The seeded notices are real and public; each title and date is the one of the page linked (the Heart Rhythm
// Society's safety alerts, or the FDA's safety communication), and the model numbers are those the notices or
// the HRS and ANZCDACC summaries list. None of them publishes the affected serials: the manufacturers answer
// that only through their own model/serial look-ups. So the records carry no serial ranges or lists, the
// portal shows each notice to every device of its models, and the recommendation says to confirm by serial.
//
// Left out on purpose: the Altrua 2 numbers of the December 2024 Accolade notice (its summaries name the
// family but not which of S701, S702 and S722 are its dual-chamber models), and the subsets of Claria MRI,
// Amplia MRI, Compia MRI, Viva, Brava, Visia AF, Evera, Primo MRI and Mirro MRI of the May 2023 Medtronic
// notice (identified by serial only): listing their models would mark every such device.
//
// The rows are written out here and never read from the domain (see migrations-carry-their-data.test.ts).

type SeededAdvisory = {
  id: string;
  manufacturer: string;
  models: readonly string[];
  title: string;
  publishedOn: string;
  recommendation: string;
  url: string;
};

const COBALT_CROME_MODELS = [
  // Cobalt XT VR, DR, HF and HF Quad
  'DVPA2D1',
  'DVPA2D4',
  'DDPA2D1',
  'DDPA2D4',
  'DTPA2D1',
  'DTPA2D4',
  'DTPA2Q1',
  'DTPA2QQ',
  // Cobalt VR, DR, HF and HF Quad
  'DVPB3D1',
  'DVPB3D4',
  'DDPB3D1',
  'DDPB3D4',
  'DTPB2D1',
  'DTPB2D4',
  'DTPB2Q1',
  'DTPB2QQ',
  // Crome VR, DR, HF and HF Quad
  'DVPC3D1',
  'DVPC3D4',
  'DDPC3D1',
  'DDPC3D4',
  'DTPC2D1',
  'DTPC2D4',
  'DTPC2Q1',
  'DTPC2QQ',
] as const;

const ADVISORIES: readonly SeededAdvisory[] = [
  {
    id: '97c2990d-f8db-49c4-b66f-5997d889c676',
    manufacturer: 'BSX',
    // ACCOLADE, PROPONENT, ESSENTIO and ALTRUA 2 pacemakers; VISIONIST and VALITUDE CRT-Ps (ANZCDACC, June 2021).
    models: [
      'L100',
      'L101',
      'L110',
      'L111',
      'L121',
      'L131',
      'L200',
      'L201',
      'L209',
      'L210',
      'L211',
      'L231',
      'L300',
      'L301',
      'L310',
      'L311',
      'L321',
      'L331',
      'S701',
      'S702',
      'S722',
      'U125',
      'U128',
      'U225',
      'U226',
      'U228',
    ],
    title: 'Hydrogen-Induced Accelerated Battery Depletion in subset of ACCOLADE Pacemakers and CRT-Ps',
    publishedOn: '2021-06-21',
    recommendation:
      'Boston Scientific expanded its September 2018 advisory to the pacemakers and CRT-Ps built before November 2017 with a discontinued low-voltage capacitor: hydrogen released inside the device can compromise the capacitor and deplete the battery early. Enrol the patient in LATITUDE remote monitoring where feasible. Follow up at least yearly, and every 3 months once one year of battery longevity remains; at each follow-up compare the Approximate Time to Explant with the previous one to spot accelerated depletion. Confirm with Boston Scientific’s model/serial look-up that the device is in the advisory population.',
    url: 'https://www.hrsonline.org/guidance/safety-alerts/bsci-pacemakers-medical-device-advisories',
  },
  {
    id: '4cd1557d-a262-4fd2-9aea-7ded23b5e3bc',
    manufacturer: 'BSX',
    // Dual-chamber SL and EL ACCOLADE, PROPONENT and ESSENTIO pacemakers; VISIONIST and VALITUDE CRT-Ps.
    models: [
      'L101',
      'L111',
      'L121',
      'L131',
      'L201',
      'L211',
      'L231',
      'L301',
      'L311',
      'L321',
      'L331',
      'U125',
      'U128',
      'U225',
      'U226',
      'U228',
    ],
    title:
      'Accolade Pacemaker Devices by Boston Scientific and Potential Need for Early Device Replacement - FDA Safety Communication',
    publishedOn: '2024-12-16',
    recommendation:
      'A subset of Accolade-family devices built before September 2018 can permanently enter Safety Mode because of high battery impedance, most often at telemetry once about four years or less of battery longevity remain. Keep the device on LATITUDE remote monitoring or on the in-office follow-up schedule; a device that enters Safety Mode should be replaced, promptly for pacemaker-dependent patients. Confirm with Boston Scientific’s model/serial look-up whether the device is in the advisory subset.',
    url: 'https://www.fda.gov/medical-devices/safety-communications/accolade-pacemaker-devices-boston-scientific-and-potential-need-early-device-replacement-fda-safety',
  },
  {
    id: '224e386f-3524-4ea0-a8af-5d600c1a8a3b',
    manufacturer: 'MDT',
    models: COBALT_CROME_MODELS,
    title:
      'Safety Notice Regarding Medtronic Cobalt XT, Cobalt, and Crome Implantable Cardioverter Defibrillators (ICDs) and Cardiac Resynchronization Therapy Defibrillators (CRT-Ds)',
    publishedOn: '2022-06-23',
    recommendation:
      'High-voltage therapy may deliver a reduced-energy shock (about 79% of the programmed energy) with a Short Circuit Protection alert. Program shock energy to the maximum (40 J) and install Medtronic’s software update at the next in-clinic check; prophylactic replacement is not recommended. Keep the patient on remote monitoring. A shock of about 79% of programmed energy with an RV defibrillation impedance alert of exactly 0 ohms is this issue, not a lead problem: report it to Medtronic technical services.',
    url: 'https://hrsonline.org/guidance/safety-alerts/Medtronic-Colbalt-ICD-CRT-Ds',
  },
  {
    id: 'a4ee2190-feb1-4149-9f08-3211c013bcf8',
    manufacturer: 'MDT',
    models: COBALT_CROME_MODELS,
    title:
      'Safety Notice Regarding Medtronic Implantable Cardioverter Defibrillators (ICDs) and Cardiac Resynchronization Therapy Defibrillators (CRT-Ds)',
    publishedOn: '2023-05-10',
    recommendation:
      'Devices built after July 2017 with a glassed feedthrough may deliver reduced or no energy (about 0-12 J) during high-voltage therapy, more likely in the AX>B shock pathway. Reprogram the device non-invasively as Medtronic recommends (shocks in the B>AX pathway only); prophylactic replacement is not recommended. A subset of Claria MRI, Amplia MRI, Compia MRI, Viva and Brava CRT-Ds and of Visia AF, Evera, Primo MRI and Mirro MRI ICDs is affected too: check their serials with Medtronic’s product performance look-up.',
    url: 'https://hrsonline.org/guidance/safety-alerts/Medtronic-ICDs-and-CRT-Ds',
  },
  {
    id: 'c4fc9821-79ea-494b-b917-c30be9bd0c4b',
    manufacturer: 'STJ',
    models: [
      'PM1152',
      'PM1160',
      'PM1172',
      'PM1240',
      'PM1272',
      'PM2152',
      'PM2160',
      'PM2172',
      'PM2240',
      'PM2260',
      'PM2272',
    ],
    title: 'Abbott Safety Notification Regarding a Subset of Assurity and Endurity Pacemakers',
    publishedOn: '2021-03-19',
    recommendation:
      'Moisture entering the header of a subset of devices built between 2015 and 2018 can cause loss of telemetry, loss of pacing, reduced battery life and a short time from ERI to end of service. Replacement is not recommended without evidence of the issue. Keep the patient on remote monitoring; at follow-up review battery voltage and any unexpected change in battery consumption, weigh the risk for pacemaker-dependent patients who cannot be followed remotely, and replace promptly a device that reaches ERI or EOS unexpectedly or shows a clinical effect. Only a subset of these models is affected: ask Abbott whether the device’s serial is in it.',
    url: 'https://www.hrsonline.org/guidance/safety-alerts/abbott-safety-notification-pacemakers-march2021',
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE manufacturer_advisories (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      manufacturer text NOT NULL,
      -- model numbers as the notice prints them; compared normalised
      models text[] NOT NULL,
      -- [{from, to}], inclusive; empty with serial_numbers empty: every serial of the models
      serial_ranges jsonb NOT NULL DEFAULT '[]'::jsonb,
      serial_numbers text[] NOT NULL DEFAULT '{}',
      title text NOT NULL,
      published_on date NOT NULL,
      recommendation text NOT NULL,
      url text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  for (const advisory of ADVISORIES) {
    await sql`
      INSERT INTO manufacturer_advisories (id, manufacturer, models, title, published_on, recommendation, url)
      VALUES (${advisory.id}::uuid, ${advisory.manufacturer}, ${[...advisory.models]}::text[], ${advisory.title},
        ${advisory.publishedOn}::date, ${advisory.recommendation}, ${advisory.url})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE manufacturer_advisories`.execute(db);
}
