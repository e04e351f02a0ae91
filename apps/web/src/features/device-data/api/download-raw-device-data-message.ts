import { apiRequestBlob } from '../../../lib/api-client';

/** GET the message as it came (the bearer in the header, never in the address) and save it as a file. */
export async function downloadRawDeviceDataMessage(message: { id: string; rawUrl: string }): Promise<void> {
  const blob = await apiRequestBlob(message.rawUrl);
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `message-${message.id}.hl7`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
