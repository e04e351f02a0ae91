import { describe, expect, inject, it } from 'vitest';
import { checkAccessibility, saveScreenshot, useBrowserSession } from './support/browser';
import {
  heading,
  INBOX,
  openDocumentId,
  panel,
  selectWorkableDocument,
  statusOf,
  waitForDocuments,
} from './support/inbox';
import { signIn } from './support/portal';
import { VENDOR_QUEUE_TEST_TIMEOUT_MS, VENDOR_QUEUE_WAIT_MS } from './support/waits';

const baseUrl = inject('baseUrl');
const vendors = inject('studyVendorUrls');

type FiledDocument = {
  id: string;
  identifier: string;
  status: string;
  replaces: string | null;
  typeCode: string | null;
};

async function filedFor(documentId: string): Promise<FiledDocument[]> {
  const filed = (await (await fetch(`${vendors.emr}/_simulator/documents`)).json()) as FiledDocument[];
  return filed.filter((entry) => entry.identifier.startsWith(`${documentId}.`));
}

// Issue 30 §3 in a real browser: the provider signs a document, the EMR receives it; un-signing asks to confirm
// and why, says the EMR has the signed copy, and leaves the same document open; the EMR's copy is marked
// entered-in-error, each step shown; signing again sends a copy that replaces it.
describe('un-signing a document the EMR holds, in a real browser', () => {
  const session = useBrowserSession({ viewport: { width: 1440, height: 900 } });

  it(
    'asks for a reason, corrects the EMR copy, keeps the document open, and re-signing replaces the copy',
    async () => {
      const { page } = session;
      // Reports of one type, whoever they are assigned to: late in the suite the first unsigned rows of the
      // default view are alerts (they sort first), and a signed alert goes to the EMR only when the clinic
      // sends alerts.
      await signIn(page, baseUrl, 'provider@example.org', {
        path: `${INBOX}?type=implicity-90-day-remote-report&assignedTo=any`,
      });
      await waitForDocuments(page);
      const documentId = await selectWorkableDocument(page, { reportsOnly: true });
      // The document alone, whatever its status (as a notification's link opens it).
      await page.goto(`${baseUrl}${INBOX}?status=any&idIn=${documentId}`);
      await expect.poll(() => openDocumentId(page)).toBe(documentId);
      const patientName = await heading(page).textContent();

      await page.getByRole('textbox', { name: 'Note' }).fill('Reviewed; no change.');
      await panel(page).getByRole('button', { name: 'Sign', exact: true }).click();
      await expect.poll(() => statusOf(page)).toBe('signed');
      const delivery = panel(page).getByTestId('emr-delivery');
      await expect
        .poll(() => delivery.getAttribute('data-state'), { timeout: VENDOR_QUEUE_WAIT_MS })
        .toBe('delivered');
      const [first] = await filedFor(documentId);
      expect(first).toMatchObject({ status: 'current', replaces: null });

      // Un-sign: a dialog asks to confirm and why, and says the EMR has the signed copy.
      await panel(page).getByRole('button', { name: 'Un-sign' }).click();
      const dialog = page.getByRole('dialog', { name: 'Un-sign this document?' });
      await dialog.waitFor();
      await expect
        .poll(() => dialog.getByTestId('unsign-emr-warning').textContent())
        .toContain('entered-in-error');
      expect(await dialog.getByTestId('unsign-emr-warning').textContent()).toContain(first?.id ?? '');
      const confirm = dialog.getByRole('button', { name: 'Un-sign' });
      expect(await confirm.isDisabled()).toBe(true);
      await checkAccessibility(page, 'the un-sign dialog');
      await saveScreenshot(page, 'emr-correction-unsign-dialog', { fullPage: false });
      await dialog.getByRole('textbox', { name: 'Reason' }).fill('Signed the wrong report for this patient.');
      await confirm.click();
      await dialog.waitFor({ state: 'detached' });

      // The same document stays open, unsigned; the EMR's copy is marked entered-in-error, each step shown.
      await expect.poll(() => statusOf(page)).toBe('unsigned');
      expect(await openDocumentId(page)).toBe(documentId);
      expect(await heading(page).textContent()).toBe(patientName);
      await expect
        .poll(() => delivery.getAttribute('data-correction'), { timeout: VENDOR_QUEUE_WAIT_MS })
        .toBe('entered-in-error');
      const steps = panel(page).getByTestId('emr-delivery-steps');
      await expect.poll(() => steps.textContent()).toContain('EMR copy marked entered-in-error');
      expect(await steps.textContent()).toContain('Signed the wrong report for this patient.');
      expect((await filedFor(documentId)).find((copy) => copy.id === first?.id)?.status).toBe(
        'entered-in-error',
      );
      await checkAccessibility(page, 'an un-signed document with its EMR copy corrected');
      await saveScreenshot(page, 'emr-correction-entered-in-error', { fullPage: false });

      // Signed again: a new copy that replaces the one marked entered-in-error.
      await page.getByRole('textbox', { name: 'Note' }).fill('Reviewed again; corrected report.');
      await panel(page).getByRole('button', { name: 'Sign', exact: true }).click();
      await expect.poll(() => statusOf(page)).toBe('signed');
      expect(await openDocumentId(page)).toBe(documentId);
      await expect
        .poll(() => delivery.getAttribute('data-state'), { timeout: VENDOR_QUEUE_WAIT_MS })
        .toBe('delivered');
      await expect.poll(() => delivery.getByRole('status').textContent()).toContain(`replaces ${first?.id}`);
      const copies = await filedFor(documentId);
      expect(copies).toHaveLength(2);
      expect(copies.find((copy) => copy.id !== first?.id)).toMatchObject({
        status: 'current',
        replaces: first?.id,
      });
      await checkAccessibility(page, 'a re-signed document whose copy replaces the corrected one');
      await saveScreenshot(page, 'emr-correction-replaced', { fullPage: false });
    },
    VENDOR_QUEUE_TEST_TIMEOUT_MS,
  );
});
