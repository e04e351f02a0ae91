// The patient screens open a document in the inbox the way the studies do: one link, in lib/.
export { inboxDocumentLink } from '../../lib/inbox-link';
