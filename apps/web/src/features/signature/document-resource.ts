/** The document attributes the inbox reads (GET /api/reports, SPEC §3 Report). */
export type DocumentAttributes = {
  clinicNpi: string;
  clinicName: string;
  type: string;
  alert: string | null;
  alertType: string | null;
  alertText: string | null;
  status: string;
  assignedTo: string | null;
  dos: string;
  device: string | null;
  deviceDetail: {
    manufacturer?: string | null;
    implantDate?: string | null;
    modelName?: string | null;
    serialNumber?: string | null;
    chambers?: string | null;
  } | null;
  patientId: string;
  patientDob: string | null;
  patientFirstName: string;
  patientLastName: string;
  physicianName: string | null;
  serviceLine: string;
  rpmEncounterId?: string | null;
  clinicalStart?: string | null;
  clinicalEnd?: string | null;
  /** JSON: demo and imported reports put their key results here ({label, value}[] under keyResults). */
  metadata?: Record<string, unknown> | null;
  /** when the portal received the document: the inbox counts the days it has waited from here */
  createdAt?: string;
  isPinned: boolean;
  locked: boolean;
  isHidden: boolean;
  systemError: boolean;
  note: string;
  signedBy: string | null;
  signedAt: string | null;
  storagePath: string;
};

export type DocumentResource = { id: string; attributes: DocumentAttributes };

export type DocumentListPage = {
  links: { self: string; next?: string | null; prev?: string | null };
  data: DocumentResource[];
  metadata: { totalCount: number | null; totalCountIsLowerBound?: boolean; limit: number };
};
