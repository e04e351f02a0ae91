// A user as the /api/users routes return it, and a clinic the signed-in user may open (GET /api/users/me):
// declared once, in the domain's users contract.
export type { AllowedClinic, UserResource } from '@portal/domain';
