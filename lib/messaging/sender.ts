// Only our own extension pages may command the background. Content scripts (we have none, but a
// compromised page could try) and other extensions are refused before any data is looked at.

export interface MessageSender {
  id?: string;
  url?: string;
}

export function isOwnExtensionPage(
  sender: MessageSender | undefined,
  extensionId: string,
  extensionOrigin: string,
): boolean {
  if (!sender || sender.id !== extensionId || typeof sender.url !== 'string') return false;
  try {
    return new URL(sender.url).origin === new URL(extensionOrigin).origin;
  } catch {
    return false;
  }
}
