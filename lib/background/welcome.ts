// The welcome page opens on a first install only: an update keeps the person's setup (nothing to
// welcome them to), and a browser start fires onStartup, not onInstalled.
import { openWelcomePage } from '@/lib/navigation/welcome-page';

/** For runtime.onInstalled: `reason` is 'install', 'update', 'chrome_update' or 'shared_module_update'. */
export async function welcomeOnInstall(reason: string): Promise<void> {
  if (reason === 'install') await openWelcomePage();
}
