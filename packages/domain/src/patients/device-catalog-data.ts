import type { DeviceCatalogEntry } from './device-catalog';

// The portal's built-in device catalog: plain objects, no schema calls, so the web can import it
// without zod. Each model number was checked against public material: FDA PMA records and recalls
// (openFDA), the manufacturers' device, implant and MRI technical manuals, the Boston Scientific
// Accolade-family pacemaker recall notice, and, where noted, public lists of MR-conditional implants
// that agree with each other. Biotronik pacemakers, ICDs and monitors and MicroPort (Sorin)
// pacemakers are identified by their model designation, so for them the model number is the
// designation itself.
//
// Device types follow SPEC §3: pacemakers, leadless pacemakers and CRT-Ps are PM; ICDs, CRT-Ds,
// S-ICDs and the EV-ICD are ICD; insertable cardiac monitors are ILR.

const BIOTRONIK: readonly DeviceCatalogEntry[] = [
  // Pacemakers and CRT-Ps (technical manuals of Edora 8, Eluna 8 and Evia; FDA listing of Enitra,
  // Edora, Entovis and Evia HF(-T); FDA PMA P950037 for Amvia).
  { manufacturer: 'BIO', modelName: 'Amvia Sky DR-T', modelNumber: 'Amvia Sky DR-T', deviceType: 'PM' },
  { manufacturer: 'BIO', modelName: 'Amvia Edge DR-T', modelNumber: 'Amvia Edge DR-T', deviceType: 'PM' },
  { manufacturer: 'BIO', modelName: 'Edora 8 DR-T', modelNumber: 'Edora 8 DR-T', deviceType: 'PM' },
  { manufacturer: 'BIO', modelName: 'Edora 8 SR-T', modelNumber: 'Edora 8 SR-T', deviceType: 'PM' },
  { manufacturer: 'BIO', modelName: 'Edora 8 HF-T', modelNumber: 'Edora 8 HF-T', deviceType: 'PM' },
  { manufacturer: 'BIO', modelName: 'Edora 8 HF-T QP', modelNumber: 'Edora 8 HF-T QP', deviceType: 'PM' },
  { manufacturer: 'BIO', modelName: 'Enitra 8 DR-T', modelNumber: 'Enitra 8 DR-T', deviceType: 'PM' },
  { manufacturer: 'BIO', modelName: 'Eluna 8 DR-T', modelNumber: 'Eluna 8 DR-T', deviceType: 'PM' },
  { manufacturer: 'BIO', modelName: 'Eluna 8 SR-T', modelNumber: 'Eluna 8 SR-T', deviceType: 'PM' },
  { manufacturer: 'BIO', modelName: 'Eluna 8 HF-T', modelNumber: 'Eluna 8 HF-T', deviceType: 'PM' },
  { manufacturer: 'BIO', modelName: 'Evia DR-T', modelNumber: 'Evia DR-T', deviceType: 'PM' },
  { manufacturer: 'BIO', modelName: 'Evia SR-T', modelNumber: 'Evia SR-T', deviceType: 'PM' },
  { manufacturer: 'BIO', modelName: 'Evia HF-T', modelNumber: 'Evia HF-T', deviceType: 'PM' },
  { manufacturer: 'BIO', modelName: 'Entovis DR-T', modelNumber: 'Entovis DR-T', deviceType: 'PM' },
  // ICDs and CRT-Ds (technical manuals of Acticor 7, Inventra 7 / Iperia 7 / Itrevia 7 and Iforia 7;
  // FDA PMA P980023 for Rivacor, Intica Neo and Ilivia Neo).
  { manufacturer: 'BIO', modelName: 'Acticor 7 VR-T', modelNumber: 'Acticor 7 VR-T', deviceType: 'ICD' },
  {
    manufacturer: 'BIO',
    modelName: 'Acticor 7 VR-T DX',
    modelNumber: 'Acticor 7 VR-T DX',
    deviceType: 'ICD',
  },
  { manufacturer: 'BIO', modelName: 'Acticor 7 DR-T', modelNumber: 'Acticor 7 DR-T', deviceType: 'ICD' },
  {
    manufacturer: 'BIO',
    modelName: 'Acticor 7 HF-T QP',
    modelNumber: 'Acticor 7 HF-T QP',
    deviceType: 'ICD',
  },
  { manufacturer: 'BIO', modelName: 'Rivacor 7 VR-T', modelNumber: 'Rivacor 7 VR-T', deviceType: 'ICD' },
  { manufacturer: 'BIO', modelName: 'Rivacor 7 DR-T', modelNumber: 'Rivacor 7 DR-T', deviceType: 'ICD' },
  {
    manufacturer: 'BIO',
    modelName: 'Rivacor 7 HF-T QP',
    modelNumber: 'Rivacor 7 HF-T QP',
    deviceType: 'ICD',
  },
  {
    manufacturer: 'BIO',
    modelName: 'Intica Neo 7 VR-T',
    modelNumber: 'Intica Neo 7 VR-T',
    deviceType: 'ICD',
  },
  {
    manufacturer: 'BIO',
    modelName: 'Ilivia Neo 7 VR-T',
    modelNumber: 'Ilivia Neo 7 VR-T',
    deviceType: 'ICD',
  },
  {
    manufacturer: 'BIO',
    modelName: 'Inventra 7 VR-T DX',
    modelNumber: 'Inventra 7 VR-T DX',
    deviceType: 'ICD',
  },
  { manufacturer: 'BIO', modelName: 'Inventra 7 DR-T', modelNumber: 'Inventra 7 DR-T', deviceType: 'ICD' },
  {
    manufacturer: 'BIO',
    modelName: 'Inventra 7 HF-T QP',
    modelNumber: 'Inventra 7 HF-T QP',
    deviceType: 'ICD',
  },
  { manufacturer: 'BIO', modelName: 'Iperia 7 DR-T', modelNumber: 'Iperia 7 DR-T', deviceType: 'ICD' },
  { manufacturer: 'BIO', modelName: 'Itrevia 7 DR-T', modelNumber: 'Itrevia 7 DR-T', deviceType: 'ICD' },
  { manufacturer: 'BIO', modelName: 'Iforia 7 DR-T', modelNumber: 'Iforia 7 DR-T', deviceType: 'ICD' },
  // Insertable cardiac monitors (BioMonitor 2 and BIOMONITOR III technical manuals).
  { manufacturer: 'BIO', modelName: 'BioMonitor 2-AF', modelNumber: 'BioMonitor 2-AF', deviceType: 'ILR' },
  { manufacturer: 'BIO', modelName: 'BioMonitor 2-S', modelNumber: 'BioMonitor 2-S', deviceType: 'ILR' },
  { manufacturer: 'BIO', modelName: 'BIOMONITOR III', modelNumber: 'BIOMONITOR III', deviceType: 'ILR' },
  { manufacturer: 'BIO', modelName: 'BIOMONITOR IIIm', modelNumber: 'BIOMONITOR IIIm', deviceType: 'ILR' },
];

const BOSTON_SCIENTIFIC: readonly DeviceCatalogEntry[] = [
  // Pacemakers (FDA PMA P150012 and the Accolade-family recall notice: SL standard, EL extended life).
  { manufacturer: 'BSX', modelName: 'Essentio DR SL', modelNumber: 'L101', deviceType: 'PM' },
  { manufacturer: 'BSX', modelName: 'Essentio MRI SR SL', modelNumber: 'L110', deviceType: 'PM' },
  { manufacturer: 'BSX', modelName: 'Essentio MRI DR SL', modelNumber: 'L111', deviceType: 'PM' },
  { manufacturer: 'BSX', modelName: 'Essentio DR EL', modelNumber: 'L121', deviceType: 'PM' },
  { manufacturer: 'BSX', modelName: 'Essentio MRI DR EL', modelNumber: 'L131', deviceType: 'PM' },
  { manufacturer: 'BSX', modelName: 'Proponent DR SL', modelNumber: 'L201', deviceType: 'PM' },
  { manufacturer: 'BSX', modelName: 'Proponent MRI SR SL', modelNumber: 'L210', deviceType: 'PM' },
  { manufacturer: 'BSX', modelName: 'Proponent MRI DR SL', modelNumber: 'L211', deviceType: 'PM' },
  { manufacturer: 'BSX', modelName: 'Proponent MRI DR EL', modelNumber: 'L231', deviceType: 'PM' },
  { manufacturer: 'BSX', modelName: 'Accolade DR SL', modelNumber: 'L301', deviceType: 'PM' },
  { manufacturer: 'BSX', modelName: 'Accolade MRI SR SL', modelNumber: 'L310', deviceType: 'PM' },
  { manufacturer: 'BSX', modelName: 'Accolade MRI DR SL', modelNumber: 'L311', deviceType: 'PM' },
  { manufacturer: 'BSX', modelName: 'Accolade DR EL', modelNumber: 'L321', deviceType: 'PM' },
  { manufacturer: 'BSX', modelName: 'Accolade MRI DR EL', modelNumber: 'L331', deviceType: 'PM' },
  // CRT-Ps (FDA PMA P030005).
  { manufacturer: 'BSX', modelName: 'Valitude CRT-P', modelNumber: 'U125', deviceType: 'PM' },
  { manufacturer: 'BSX', modelName: 'Valitude X4 CRT-P', modelNumber: 'U128', deviceType: 'PM' },
  { manufacturer: 'BSX', modelName: 'Visionist CRT-P', modelNumber: 'U225', deviceType: 'PM' },
  { manufacturer: 'BSX', modelName: 'Visionist CRT-P', modelNumber: 'U226', deviceType: 'PM' },
  { manufacturer: 'BSX', modelName: 'Visionist X4 CRT-P', modelNumber: 'U228', deviceType: 'PM' },
  // ICDs (FDA PMA P960040 and the ImageReady defibrillation system MRI technical guide; even numbers
  // are single chamber, odd dual).
  { manufacturer: 'BSX', modelName: 'Resonate EL ICD VR', modelNumber: 'D432', deviceType: 'ICD' },
  { manufacturer: 'BSX', modelName: 'Resonate EL ICD DR', modelNumber: 'D433', deviceType: 'ICD' },
  { manufacturer: 'BSX', modelName: 'Vigilant EL ICD VR', modelNumber: 'D232', deviceType: 'ICD' },
  { manufacturer: 'BSX', modelName: 'Vigilant EL ICD DR', modelNumber: 'D233', deviceType: 'ICD' },
  { manufacturer: 'BSX', modelName: 'Momentum EL ICD VR', modelNumber: 'D120', deviceType: 'ICD' },
  { manufacturer: 'BSX', modelName: 'Momentum EL ICD DR', modelNumber: 'D121', deviceType: 'ICD' },
  { manufacturer: 'BSX', modelName: 'Dynagen ICD VR', modelNumber: 'D152', deviceType: 'ICD' },
  { manufacturer: 'BSX', modelName: 'Dynagen ICD DR', modelNumber: 'D153', deviceType: 'ICD' },
  { manufacturer: 'BSX', modelName: 'Inogen ICD VR', modelNumber: 'D142', deviceType: 'ICD' },
  { manufacturer: 'BSX', modelName: 'Inogen ICD DR', modelNumber: 'D143', deviceType: 'ICD' },
  // Subcutaneous ICDs (EMBLEM pulse generator user's manual).
  { manufacturer: 'BSX', modelName: 'Emblem S-ICD', modelNumber: 'A209', deviceType: 'ICD' },
  { manufacturer: 'BSX', modelName: 'Emblem MRI S-ICD', modelNumber: 'A219', deviceType: 'ICD' },
  // CRT-Ds (FDA PMA P010012).
  { manufacturer: 'BSX', modelName: 'Momentum CRT-D', modelNumber: 'G124', deviceType: 'ICD' },
  { manufacturer: 'BSX', modelName: 'Momentum X4 CRT-D', modelNumber: 'G138', deviceType: 'ICD' },
  // Insertable cardiac monitors (LUX-Dx II and II+ from MR-conditional implant lists).
  { manufacturer: 'BSX', modelName: 'LUX-Dx', modelNumber: 'M301', deviceType: 'ILR' },
  { manufacturer: 'BSX', modelName: 'LUX-Dx II', modelNumber: 'M302', deviceType: 'ILR' },
  { manufacturer: 'BSX', modelName: 'LUX-Dx II+', modelNumber: 'M312', deviceType: 'ILR' },
];

const MEDTRONIC: readonly DeviceCatalogEntry[] = [
  // Pacemakers (Azure XT DR, Attesta and Adapta/Versa/Sensia manuals; FDA PMA P980035 names the
  // Azure family; the other Azure, Advisa, Ensura, Revo and Sphera numbers from MR-conditional lists).
  { manufacturer: 'MDT', modelName: 'Azure XT DR MRI SureScan', modelNumber: 'W1DR01', deviceType: 'PM' },
  { manufacturer: 'MDT', modelName: 'Azure XT SR MRI SureScan', modelNumber: 'W1SR01', deviceType: 'PM' },
  { manufacturer: 'MDT', modelName: 'Azure S DR MRI SureScan', modelNumber: 'W3DR01', deviceType: 'PM' },
  { manufacturer: 'MDT', modelName: 'Azure S SR MRI SureScan', modelNumber: 'W3SR01', deviceType: 'PM' },
  { manufacturer: 'MDT', modelName: 'Advisa DR MRI SureScan', modelNumber: 'A2DR01', deviceType: 'PM' },
  { manufacturer: 'MDT', modelName: 'Advisa SR MRI SureScan', modelNumber: 'A3SR01', deviceType: 'PM' },
  { manufacturer: 'MDT', modelName: 'Ensura DR MRI SureScan', modelNumber: 'EN1DR01', deviceType: 'PM' },
  { manufacturer: 'MDT', modelName: 'Revo MRI SureScan', modelNumber: 'RVDR01', deviceType: 'PM' },
  { manufacturer: 'MDT', modelName: 'Attesta DR MRI SureScan', modelNumber: 'ATDR01', deviceType: 'PM' },
  { manufacturer: 'MDT', modelName: 'Attesta S DR MRI SureScan', modelNumber: 'ATDRS1', deviceType: 'PM' },
  { manufacturer: 'MDT', modelName: 'Attesta L DR MRI SureScan', modelNumber: 'ATDRL1', deviceType: 'PM' },
  { manufacturer: 'MDT', modelName: 'Attesta SR MRI SureScan', modelNumber: 'ATSR01', deviceType: 'PM' },
  { manufacturer: 'MDT', modelName: 'Sphera DR MRI SureScan', modelNumber: 'SPDR01', deviceType: 'PM' },
  { manufacturer: 'MDT', modelName: 'Sphera SR MRI SureScan', modelNumber: 'SPSR01', deviceType: 'PM' },
  { manufacturer: 'MDT', modelName: 'Adapta DR', modelNumber: 'ADDR01', deviceType: 'PM' },
  { manufacturer: 'MDT', modelName: 'Adapta SR', modelNumber: 'ADSR01', deviceType: 'PM' },
  { manufacturer: 'MDT', modelName: 'Versa DR', modelNumber: 'VEDR01', deviceType: 'PM' },
  { manufacturer: 'MDT', modelName: 'Sensia DR', modelNumber: 'SEDR01', deviceType: 'PM' },
  { manufacturer: 'MDT', modelName: 'Sensia SR', modelNumber: 'SESR01', deviceType: 'PM' },
  // Leadless pacemakers (FDA PMA P150033).
  { manufacturer: 'MDT', modelName: 'Micra VR', modelNumber: 'MC1VR01', deviceType: 'PM' },
  { manufacturer: 'MDT', modelName: 'Micra AV', modelNumber: 'MC1AVR1', deviceType: 'PM' },
  { manufacturer: 'MDT', modelName: 'Micra VR2', modelNumber: 'MC2VR01', deviceType: 'PM' },
  { manufacturer: 'MDT', modelName: 'Micra AV2', modelNumber: 'MC2AVR1', deviceType: 'PM' },
  // CRT-Ps (FDA PMA P010015 for Percepta and Serena, MR-conditional lists for Solara and Serena
  // Quad; Viva and Consulta clinician manuals).
  { manufacturer: 'MDT', modelName: 'Percepta CRT-P MRI SureScan', modelNumber: 'W1TR01', deviceType: 'PM' },
  {
    manufacturer: 'MDT',
    modelName: 'Percepta Quad CRT-P MRI SureScan',
    modelNumber: 'W4TR01',
    deviceType: 'PM',
  },
  { manufacturer: 'MDT', modelName: 'Serena CRT-P MRI SureScan', modelNumber: 'W1TR02', deviceType: 'PM' },
  {
    manufacturer: 'MDT',
    modelName: 'Serena Quad CRT-P MRI SureScan',
    modelNumber: 'W4TR02',
    deviceType: 'PM',
  },
  { manufacturer: 'MDT', modelName: 'Solara CRT-P MRI SureScan', modelNumber: 'W1TR03', deviceType: 'PM' },
  {
    manufacturer: 'MDT',
    modelName: 'Solara Quad CRT-P MRI SureScan',
    modelNumber: 'W4TR03',
    deviceType: 'PM',
  },
  { manufacturer: 'MDT', modelName: 'Viva CRT-P', modelNumber: 'C5TR01', deviceType: 'PM' },
  { manufacturer: 'MDT', modelName: 'Consulta CRT-P', modelNumber: 'C4TR01', deviceType: 'PM' },
  // ICDs (FDA PMA P980016 and its 2022 Cobalt XT recall; Cobalt DR, Evera XT VR and Evera MRI S DR
  // manuals; Crome, Primo, Mirro, Visia AF and Aurora from MR-conditional lists). The last two
  // characters give the connector: D1 is DF-1, D4 is DF4.
  { manufacturer: 'MDT', modelName: 'Cobalt XT VR MRI SureScan', modelNumber: 'DVPA2D1', deviceType: 'ICD' },
  { manufacturer: 'MDT', modelName: 'Cobalt XT VR MRI SureScan', modelNumber: 'DVPA2D4', deviceType: 'ICD' },
  { manufacturer: 'MDT', modelName: 'Cobalt XT DR MRI SureScan', modelNumber: 'DDPA2D1', deviceType: 'ICD' },
  { manufacturer: 'MDT', modelName: 'Cobalt XT DR MRI SureScan', modelNumber: 'DDPA2D4', deviceType: 'ICD' },
  { manufacturer: 'MDT', modelName: 'Cobalt VR MRI SureScan', modelNumber: 'DVPB3D4', deviceType: 'ICD' },
  { manufacturer: 'MDT', modelName: 'Cobalt DR MRI SureScan', modelNumber: 'DDPB3D1', deviceType: 'ICD' },
  { manufacturer: 'MDT', modelName: 'Cobalt DR MRI SureScan', modelNumber: 'DDPB3D4', deviceType: 'ICD' },
  { manufacturer: 'MDT', modelName: 'Crome VR MRI SureScan', modelNumber: 'DVPC3D4', deviceType: 'ICD' },
  { manufacturer: 'MDT', modelName: 'Crome DR MRI SureScan', modelNumber: 'DDPC3D4', deviceType: 'ICD' },
  { manufacturer: 'MDT', modelName: 'Evera MRI XT DR SureScan', modelNumber: 'DDMB1D4', deviceType: 'ICD' },
  { manufacturer: 'MDT', modelName: 'Evera MRI XT VR SureScan', modelNumber: 'DVMB1D4', deviceType: 'ICD' },
  { manufacturer: 'MDT', modelName: 'Evera MRI S DR SureScan', modelNumber: 'DDMC3D4', deviceType: 'ICD' },
  { manufacturer: 'MDT', modelName: 'Evera MRI S VR SureScan', modelNumber: 'DVMC3D4', deviceType: 'ICD' },
  { manufacturer: 'MDT', modelName: 'Evera XT VR', modelNumber: 'DVBB1D4', deviceType: 'ICD' },
  { manufacturer: 'MDT', modelName: 'Primo MRI DR SureScan', modelNumber: 'DDMD3D4', deviceType: 'ICD' },
  { manufacturer: 'MDT', modelName: 'Mirro MRI DR SureScan', modelNumber: 'DDME3D4', deviceType: 'ICD' },
  { manufacturer: 'MDT', modelName: 'Mirro MRI VR SureScan', modelNumber: 'DVME3D4', deviceType: 'ICD' },
  {
    manufacturer: 'MDT',
    modelName: 'Visia AF MRI XT VR SureScan',
    modelNumber: 'DVFB1D4',
    deviceType: 'ICD',
  },
  { manufacturer: 'MDT', modelName: 'Visia AF MRI S VR SureScan', modelNumber: 'DVFC3D4', deviceType: 'ICD' },
  { manufacturer: 'MDT', modelName: 'Aurora EV-ICD MRI SureScan', modelNumber: 'DVEA3E4', deviceType: 'ICD' },
  // CRT-Ds (FDA PMA P010031; Claria MRI indications; Cobalt XT HF Quad and Brava Quad manuals;
  // Amplia and Compia from MR-conditional lists).
  {
    manufacturer: 'MDT',
    modelName: 'Cobalt XT HF CRT-D MRI SureScan',
    modelNumber: 'DTPA2D1',
    deviceType: 'ICD',
  },
  {
    manufacturer: 'MDT',
    modelName: 'Cobalt XT HF CRT-D MRI SureScan',
    modelNumber: 'DTPA2D4',
    deviceType: 'ICD',
  },
  {
    manufacturer: 'MDT',
    modelName: 'Cobalt XT HF Quad CRT-D MRI SureScan',
    modelNumber: 'DTPA2Q1',
    deviceType: 'ICD',
  },
  {
    manufacturer: 'MDT',
    modelName: 'Cobalt XT HF Quad CRT-D MRI SureScan',
    modelNumber: 'DTPA2QQ',
    deviceType: 'ICD',
  },
  {
    manufacturer: 'MDT',
    modelName: 'Cobalt HF CRT-D MRI SureScan',
    modelNumber: 'DTPB2D4',
    deviceType: 'ICD',
  },
  {
    manufacturer: 'MDT',
    modelName: 'Cobalt HF Quad CRT-D MRI SureScan',
    modelNumber: 'DTPB2QQ',
    deviceType: 'ICD',
  },
  { manufacturer: 'MDT', modelName: 'Claria MRI CRT-D SureScan', modelNumber: 'DTMA1D4', deviceType: 'ICD' },
  {
    manufacturer: 'MDT',
    modelName: 'Claria MRI Quad CRT-D SureScan',
    modelNumber: 'DTMA1QQ',
    deviceType: 'ICD',
  },
  {
    manufacturer: 'MDT',
    modelName: 'Amplia MRI Quad CRT-D SureScan',
    modelNumber: 'DTMB1QQ',
    deviceType: 'ICD',
  },
  {
    manufacturer: 'MDT',
    modelName: 'Compia MRI Quad CRT-D SureScan',
    modelNumber: 'DTMC1QQ',
    deviceType: 'ICD',
  },
  { manufacturer: 'MDT', modelName: 'Brava Quad CRT-D', modelNumber: 'DTBC2Q1', deviceType: 'ICD' },
  // Insertable cardiac monitors (Reveal LINQ MRI manual; FDA listing of LINQ II).
  { manufacturer: 'MDT', modelName: 'Reveal LINQ', modelNumber: 'LNQ11', deviceType: 'ILR' },
  { manufacturer: 'MDT', modelName: 'LINQ II', modelNumber: 'LNQ22', deviceType: 'ILR' },
  { manufacturer: 'MDT', modelName: 'Reveal XT', modelNumber: '9529', deviceType: 'ILR' },
];

const ST_JUDE_ABBOTT: readonly DeviceCatalogEntry[] = [
  // Pacemakers and CRT-Ps (FDA PMA P140033 for Assurity MRI and Endurity MRI, MR-conditional lists
  // for the rest; the leading 1 or 2 of a PM number is single or dual chamber).
  { manufacturer: 'STJ', modelName: 'Assurity MRI', modelNumber: 'PM1272', deviceType: 'PM' },
  { manufacturer: 'STJ', modelName: 'Assurity MRI', modelNumber: 'PM2272', deviceType: 'PM' },
  { manufacturer: 'STJ', modelName: 'Assurity', modelNumber: 'PM2240', deviceType: 'PM' },
  { manufacturer: 'STJ', modelName: 'Endurity MRI', modelNumber: 'PM1172', deviceType: 'PM' },
  { manufacturer: 'STJ', modelName: 'Endurity MRI', modelNumber: 'PM2172', deviceType: 'PM' },
  { manufacturer: 'STJ', modelName: 'Endurity', modelNumber: 'PM2160', deviceType: 'PM' },
  { manufacturer: 'STJ', modelName: 'Allure RF CRT-P', modelNumber: 'PM3222', deviceType: 'PM' },
  { manufacturer: 'STJ', modelName: 'Quadra Allure CRT-P', modelNumber: 'PM3542', deviceType: 'PM' },
  { manufacturer: 'STJ', modelName: 'Quadra Allure MP CRT-P', modelNumber: 'PM3562', deviceType: 'PM' },
  // Leadless pacemakers (FDA PMA P150035 for Aveir VR; MR-conditional lists for the numbers).
  { manufacturer: 'STJ', modelName: 'Aveir VR', modelNumber: 'LSP112V', deviceType: 'PM' },
  { manufacturer: 'STJ', modelName: 'Aveir AR', modelNumber: 'LSP201A', deviceType: 'PM' },
  // ICDs and CRT-Ds (FDA PMAs P910023 and P030054 for Gallant, Neutrino NxT and Avant;
  // MR-conditional lists for Entrant, Ellipse, Fortify Assura and Quadra Assura).
  { manufacturer: 'STJ', modelName: 'Gallant VR', modelNumber: 'CDVRA500Q', deviceType: 'ICD' },
  { manufacturer: 'STJ', modelName: 'Gallant DR', modelNumber: 'CDDRA500Q', deviceType: 'ICD' },
  { manufacturer: 'STJ', modelName: 'Gallant HF', modelNumber: 'CDHFA500Q', deviceType: 'ICD' },
  { manufacturer: 'STJ', modelName: 'Neutrino NxT VR', modelNumber: 'CDVRA600Q', deviceType: 'ICD' },
  { manufacturer: 'STJ', modelName: 'Neutrino NxT DR', modelNumber: 'CDDRA600Q', deviceType: 'ICD' },
  { manufacturer: 'STJ', modelName: 'Neutrino NxT HF', modelNumber: 'CDHFA600Q', deviceType: 'ICD' },
  { manufacturer: 'STJ', modelName: 'Avant VR', modelNumber: 'CDVRA700Q', deviceType: 'ICD' },
  { manufacturer: 'STJ', modelName: 'Avant DR', modelNumber: 'CDDRA700Q', deviceType: 'ICD' },
  { manufacturer: 'STJ', modelName: 'Avant HF', modelNumber: 'CDHFA700Q', deviceType: 'ICD' },
  { manufacturer: 'STJ', modelName: 'Entrant VR', modelNumber: 'CDVRA300Q', deviceType: 'ICD' },
  { manufacturer: 'STJ', modelName: 'Entrant DR', modelNumber: 'CDDRA300Q', deviceType: 'ICD' },
  { manufacturer: 'STJ', modelName: 'Entrant HF', modelNumber: 'CDHFA300Q', deviceType: 'ICD' },
  { manufacturer: 'STJ', modelName: 'Ellipse VR', modelNumber: 'CD1411-36Q', deviceType: 'ICD' },
  { manufacturer: 'STJ', modelName: 'Ellipse DR', modelNumber: 'CD2411-36Q', deviceType: 'ICD' },
  { manufacturer: 'STJ', modelName: 'Fortify Assura VR', modelNumber: 'CD1357-40Q', deviceType: 'ICD' },
  { manufacturer: 'STJ', modelName: 'Fortify Assura DR', modelNumber: 'CD2357-40Q', deviceType: 'ICD' },
  { manufacturer: 'STJ', modelName: 'Quadra Assura CRT-D', modelNumber: 'CD3365-40Q', deviceType: 'ICD' },
  // Insertable cardiac monitors (FDA listing of Jot Dx).
  { manufacturer: 'STJ', modelName: 'Confirm Rx', modelNumber: 'DM3500', deviceType: 'ILR' },
  { manufacturer: 'STJ', modelName: 'Jot Dx', modelNumber: 'DM4500', deviceType: 'ILR' },
];

const SORIN_MICROPORT: readonly DeviceCatalogEntry[] = [
  // Pacemakers, identified by their designation (the CALLIOPE study of ALIZEA, BOREA and CELEA;
  // KORA 100 MRI conditions; REPLY implant manuals).
  { manufacturer: 'SOR', modelName: 'ALIZEA DR', modelNumber: 'ALIZEA DR', deviceType: 'PM' },
  { manufacturer: 'SOR', modelName: 'ALIZEA SR', modelNumber: 'ALIZEA SR', deviceType: 'PM' },
  { manufacturer: 'SOR', modelName: 'BOREA DR', modelNumber: 'BOREA DR', deviceType: 'PM' },
  { manufacturer: 'SOR', modelName: 'CELEA DR', modelNumber: 'CELEA DR', deviceType: 'PM' },
  { manufacturer: 'SOR', modelName: 'CELEA SR', modelNumber: 'CELEA SR', deviceType: 'PM' },
  { manufacturer: 'SOR', modelName: 'KORA 100 DR', modelNumber: 'KORA 100 DR', deviceType: 'PM' },
  { manufacturer: 'SOR', modelName: 'KORA 100 SR', modelNumber: 'KORA 100 SR', deviceType: 'PM' },
  { manufacturer: 'SOR', modelName: 'REPLY DR', modelNumber: 'REPLY DR', deviceType: 'PM' },
  { manufacturer: 'SOR', modelName: 'REPLY SR', modelNumber: 'REPLY SR', deviceType: 'PM' },
  // ICDs and CRT-Ds, with numeric model numbers (implant manuals).
  { manufacturer: 'SOR', modelName: 'PLATINIUM DR', modelNumber: '1510', deviceType: 'ICD' },
  { manufacturer: 'SOR', modelName: 'PLATINIUM 4LV CRT-D', modelNumber: '1744', deviceType: 'ICD' },
  { manufacturer: 'SOR', modelName: 'PLATINIUM 4LV SonR CRT-D', modelNumber: '1844', deviceType: 'ICD' },
  { manufacturer: 'SOR', modelName: 'PARADYM VR', modelNumber: '8250', deviceType: 'ICD' },
  { manufacturer: 'SOR', modelName: 'PARADYM RF VR', modelNumber: '9250', deviceType: 'ICD' },
  { manufacturer: 'SOR', modelName: 'PARADYM RF CRT-D', modelNumber: '9750', deviceType: 'ICD' },
  { manufacturer: 'SOR', modelName: 'PARADYM RF SonR CRT-D', modelNumber: '9770', deviceType: 'ICD' },
  { manufacturer: 'SOR', modelName: 'INTENSIA CRT-D', modelNumber: '174', deviceType: 'ICD' },
  { manufacturer: 'SOR', modelName: 'INTENSIA SonR CRT-D', modelNumber: '184', deviceType: 'ICD' },
];

/** Every model the portal knows, by manufacturer in SPEC §3 order. */
export const DEVICE_CATALOG: readonly DeviceCatalogEntry[] = [
  ...BIOTRONIK,
  ...BOSTON_SCIENTIFIC,
  ...MEDTRONIC,
  ...ST_JUDE_ABBOTT,
  ...SORIN_MICROPORT,
];
