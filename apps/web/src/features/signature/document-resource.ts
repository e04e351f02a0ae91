// The document as the API sends it: the domain's contract (GET /api/reports, SPEC §3 Report).
export type { DocumentAttributes, DocumentListPage, DocumentResource } from '@portal/domain';
