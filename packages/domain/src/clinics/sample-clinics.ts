import type { ClinicFeatureFlag } from './feature-flags';

export type SampleClinic = {
  npi: string;
  code: string;
  name: string;
  featureFlags: readonly ClinicFeatureFlag[];
};

/**
 * Built-in sample clinics (SPEC §3) for development, demos and seeding. The names are fictional; every
 * NPI passes the NPI check digit and is unique, and every code is unique.
 */
export const sampleClinics: readonly SampleClinic[] = [
  {
    npi: '1655154049',
    code: 'RBHA',
    name: 'Riverbend Heart Associates',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: false },
      { name: 'comments', enabled: false },
    ],
  },
  {
    npi: '1843987466',
    code: 'LKCG',
    name: 'Lakeside Cardiology Group',
    featureFlags: [
      { name: 'bulkESigning', enabled: true },
      { name: 'inPersonDeviceCheck', enabled: false },
    ],
  },
  {
    npi: '1818936704',
    code: 'SVC',
    name: 'Summit Valley Cardiology',
    featureFlags: [
      { name: 'inPersonDeviceCheck', enabled: true },
      { name: 'editTechnicianReview', enabled: true },
    ],
  },
  {
    npi: '1280571930',
    code: 'HHI',
    name: 'Harborview Heart Institute',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'comments', enabled: true },
      { name: 'bulkESigning', enabled: true },
    ],
  },
  {
    npi: '1804675340',
    code: 'PCC',
    name: 'Pinecrest Cardiovascular Center',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'comments', enabled: false },
      { name: 'physicianBulkSignAlerts', enabled: true },
      { name: 'manufacturerAdvisories', enabled: true },
    ],
  },
  {
    npi: '1008949632',
    code: 'MBHC',
    name: 'Meadowbrook Heart Clinic',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'manufacturerAdvisories', enabled: true },
    ],
  },
  {
    npi: '1918258199',
    code: 'CRC',
    name: 'Cedar Ridge Cardiology',
    featureFlags: [
      { name: 'comments', enabled: true },
      { name: 'physicianBulkSignAlerts', enabled: true },
      { name: 'createNewPatients', enabled: false },
      { name: 'inPersonDeviceCheck', enabled: true },
    ],
  },
  {
    npi: '1007949823',
    code: 'SCHP',
    name: 'Silver Creek Heart Partners',
    featureFlags: [
      { name: 'nurseMultiSelect', enabled: false },
      { name: 'createNewPatients', enabled: true },
      { name: 'manufacturerAdvisories', enabled: false },
    ],
  },
  {
    npi: '1225070956',
    code: 'NGEP',
    name: 'Northgate Electrophysiology',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'comments', enabled: true },
    ],
  },
  {
    npi: '1365415573',
    code: 'BWCC',
    name: 'Bluewater Cardiac Care',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'comments', enabled: true },
      { name: 'physicianBulkSignAlerts', enabled: true },
      { name: 'manufacturerAdvisories', enabled: true },
    ],
  },
  {
    npi: '1898074533',
    code: 'OHV',
    name: 'Oakmont Heart & Vascular',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'comments', enabled: true },
    ],
  },
  {
    npi: '1822371120',
    code: 'PWC',
    name: 'Prairie Wind Cardiology',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'comments', enabled: true },
      { name: 'nurseMultiSelect', enabled: true },
      { name: 'createNewPatients', enabled: true },
    ],
  },
  {
    npi: '1344872712',
    code: 'GPHC',
    name: 'Granite Peak Heart Center',
    featureFlags: [
      { name: 'physicianBulkSignAlerts', enabled: true },
      { name: 'createNewPatients', enabled: true },
      { name: 'manufacturerAdvisories', enabled: true },
    ],
  },
  {
    npi: '1775617834',
    code: 'WSC',
    name: 'Willow Springs Cardiology',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'comments', enabled: true },
      { name: 'nurseMultiSelect', enabled: true },
    ],
  },
  {
    npi: '1161311653',
    code: 'CRHY',
    name: 'Coastal Rhythm Clinic',
    featureFlags: [
      { name: 'comments', enabled: false },
      { name: 'bulkESigning', enabled: true },
      { name: 'physicianBulkSignAlerts', enabled: true },
      { name: 'nurseMultiSelect', enabled: true },
    ],
  },
  {
    npi: '1906342385',
    code: 'RCA',
    name: 'Redstone Cardiovascular Associates',
    featureFlags: [
      { name: 'bulkESigning', enabled: false },
      { name: 'nurseMultiSelect', enabled: true },
      { name: 'createNewPatients', enabled: false },
    ],
  },
  {
    npi: '1651658175',
    code: 'MGHC',
    name: 'Maple Grove Heart Clinic',
    featureFlags: [
      { name: 'nurseMultiSelect', enabled: true },
      { name: 'createNewPatients', enabled: true },
    ],
  },
  {
    npi: '1199172739',
    code: 'SBC',
    name: 'Stonebridge Cardiology',
    featureFlags: [
      { name: 'physicianBulkSignAlerts', enabled: true },
      { name: 'createNewPatients', enabled: true },
      { name: 'inPersonDeviceCheck', enabled: true },
      { name: 'manufacturerAdvisories', enabled: false },
    ],
  },
  {
    npi: '1783026457',
    code: 'CHRC',
    name: 'Clearwater Heart Rhythm Center',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'bulkESigning', enabled: false },
      { name: 'nurseMultiSelect', enabled: true },
    ],
  },
  {
    npi: '1403595808',
    code: 'HPC',
    name: 'Highland Park Cardiology',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'bulkESigning', enabled: true },
      { name: 'manufacturerAdvisories', enabled: false },
      { name: 'editTechnicianReview', enabled: true },
    ],
  },
  {
    npi: '1897934919',
    code: 'SRCS',
    name: 'Sunrise Cardiac Specialists',
    featureFlags: [
      { name: 'bulkESigning', enabled: true },
      { name: 'physicianBulkSignAlerts', enabled: true },
    ],
  },
  {
    npi: '1959490321',
    code: 'EGHI',
    name: 'Evergreen Heart Institute',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'createNewPatients', enabled: true },
      { name: 'inPersonDeviceCheck', enabled: true },
    ],
  },
  {
    npi: '1359026337',
    code: 'CVC',
    name: 'Canyon View Cardiology',
    featureFlags: [
      { name: 'bulkESigning', enabled: true },
      { name: 'physicianBulkSignAlerts', enabled: true },
      { name: 'manufacturerAdvisories', enabled: true },
    ],
  },
  {
    npi: '1553454871',
    code: 'BFHA',
    name: 'Brookfield Heart Associates',
    featureFlags: [
      { name: 'bulkESigning', enabled: false },
      { name: 'physicianBulkSignAlerts', enabled: true },
    ],
  },
  {
    npi: '1218429441',
    code: 'GPCC',
    name: 'Golden Plains Cardiac Center',
    featureFlags: [
      { name: 'comments', enabled: true },
      { name: 'inPersonDeviceCheck', enabled: true },
      { name: 'manufacturerAdvisories', enabled: true },
      { name: 'editTechnicianReview', enabled: true },
    ],
  },
  {
    npi: '1439369673',
    code: 'IWC',
    name: 'Ironwood Cardiology',
    featureFlags: [
      { name: 'comments', enabled: true },
      { name: 'bulkESigning', enabled: false },
      { name: 'inPersonDeviceCheck', enabled: false },
    ],
  },
  {
    npi: '1924787041',
    code: 'FHR',
    name: 'Fairhaven Heart & Rhythm',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'comments', enabled: true },
    ],
  },
  {
    npi: '1893733737',
    code: 'WFCC',
    name: 'Westfield Cardiovascular Clinic',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'comments', enabled: true },
      { name: 'bulkESigning', enabled: true },
      { name: 'nurseMultiSelect', enabled: true },
    ],
  },
  {
    npi: '1209945553',
    code: 'AHC',
    name: 'Aspen Hollow Cardiology',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: false },
      { name: 'inPersonDeviceCheck', enabled: true },
      { name: 'manufacturerAdvisories', enabled: true },
    ],
  },
  {
    npi: '1772112136',
    code: 'BYHC',
    name: 'Bayside Heart Center',
    featureFlags: [
      { name: 'physicianBulkSignAlerts', enabled: true },
      { name: 'nurseMultiSelect', enabled: true },
      { name: 'inPersonDeviceCheck', enabled: false },
    ],
  },
  {
    npi: '1717519528',
    code: 'CHC',
    name: 'Copper Hills Cardiology',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: false },
      { name: 'comments', enabled: true },
      { name: 'bulkESigning', enabled: false },
      { name: 'manufacturerAdvisories', enabled: true },
    ],
  },
  {
    npi: '1525221853',
    code: 'DWCC',
    name: 'Driftwood Cardiac Clinic',
    featureFlags: [
      { name: 'physicianBulkSignAlerts', enabled: false },
      { name: 'inPersonDeviceCheck', enabled: true },
      { name: 'editTechnicianReview', enabled: true },
    ],
  },
  {
    npi: '1936595911',
    code: 'EBHP',
    name: 'Eastbrook Heart Partners',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'physicianBulkSignAlerts', enabled: true },
      { name: 'nurseMultiSelect', enabled: true },
    ],
  },
  {
    npi: '1507887481',
    code: 'FXGC',
    name: 'Foxglove Cardiology',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'bulkESigning', enabled: true },
      { name: 'physicianBulkSignAlerts', enabled: true },
      { name: 'editTechnicianReview', enabled: true },
    ],
  },
  {
    npi: '1065424263',
    code: 'GWHI',
    name: 'Glenwood Heart Institute',
    featureFlags: [
      { name: 'inPersonDeviceCheck', enabled: true },
      { name: 'editTechnicianReview', enabled: true },
    ],
  },
  {
    npi: '1423501646',
    code: 'HTCA',
    name: 'Hawthorne Cardiac Associates',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'nurseMultiSelect', enabled: true },
      { name: 'createNewPatients', enabled: true },
    ],
  },
  {
    npi: '1664024027',
    code: 'JHRC',
    name: 'Juniper Heart Rhythm Clinic',
    featureFlags: [
      { name: 'physicianBulkSignAlerts', enabled: true },
      { name: 'nurseMultiSelect', enabled: true },
      { name: 'createNewPatients', enabled: true },
      { name: 'manufacturerAdvisories', enabled: true },
    ],
  },
  {
    npi: '1746173263',
    code: 'KPC',
    name: 'Kingsport Cardiology',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'comments', enabled: true },
      { name: 'createNewPatients', enabled: true },
      { name: 'editTechnicianReview', enabled: true },
    ],
  },
  {
    npi: '1340013626',
    code: 'LSHC',
    name: 'Larkspur Heart Center',
    featureFlags: [
      { name: 'comments', enabled: false },
      { name: 'physicianBulkSignAlerts', enabled: false },
      { name: 'inPersonDeviceCheck', enabled: false },
      { name: 'editTechnicianReview', enabled: true },
    ],
  },
  {
    npi: '1906908037',
    code: 'MSTC',
    name: 'Mistral Cardiovascular',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'comments', enabled: false },
      { name: 'physicianBulkSignAlerts', enabled: false },
      { name: 'editTechnicianReview', enabled: true },
    ],
  },
  {
    npi: '1188118107',
    code: 'NWC',
    name: 'Northwind Cardiology',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'physicianBulkSignAlerts', enabled: true },
      { name: 'createNewPatients', enabled: false },
    ],
  },
  {
    npi: '1190898779',
    code: 'OLHC',
    name: 'Orchard Lane Heart Clinic',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'comments', enabled: false },
      { name: 'createNewPatients', enabled: true },
    ],
  },
  {
    npi: '1027144439',
    code: 'PLCC',
    name: 'Palisades Cardiac Care',
    featureFlags: [
      { name: 'comments', enabled: true },
      { name: 'nurseMultiSelect', enabled: true },
      { name: 'editTechnicianReview', enabled: false },
    ],
  },
  {
    npi: '1571308257',
    code: 'QHC',
    name: 'Quarry Hill Cardiology',
    featureFlags: [
      { name: 'comments', enabled: true },
      { name: 'manufacturerAdvisories', enabled: true },
    ],
  },
  {
    npi: '1931395341',
    code: 'RWHA',
    name: 'Rosewood Heart Associates',
    featureFlags: [
      { name: 'comments', enabled: true },
      { name: 'nurseMultiSelect', enabled: true },
    ],
  },
  {
    npi: '1834478822',
    code: 'SGBC',
    name: 'Sagebrush Cardiology',
    featureFlags: [
      { name: 'clinicAdminTrash', enabled: true },
      { name: 'physicianBulkSignAlerts', enabled: false },
      { name: 'createNewPatients', enabled: true },
    ],
  },
  {
    npi: '1074441076',
    code: 'TWHR',
    name: 'Tidewater Heart Rhythm',
    featureFlags: [
      { name: 'physicianBulkSignAlerts', enabled: true },
      { name: 'nurseMultiSelect', enabled: false },
      { name: 'manufacturerAdvisories', enabled: true },
    ],
  },
  {
    npi: '1174720163',
    code: 'UCG',
    name: 'Upland Cardiovascular Group',
    featureFlags: [
      { name: 'comments', enabled: true },
      { name: 'manufacturerAdvisories', enabled: true },
    ],
  },
  {
    npi: '1399011018',
    code: 'VRC',
    name: 'Vista Ridge Cardiology',
    featureFlags: [
      { name: 'bulkESigning', enabled: true },
      { name: 'physicianBulkSignAlerts', enabled: false },
      { name: 'createNewPatients', enabled: true },
      { name: 'manufacturerAdvisories', enabled: true },
    ],
  },
  {
    npi: '1527280626',
    code: 'WSHC',
    name: 'Whitestone Heart Clinic',
    featureFlags: [
      { name: 'comments', enabled: false },
      { name: 'editTechnicianReview', enabled: true },
    ],
  },
];
