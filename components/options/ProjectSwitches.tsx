// A project's two local switches, beside the service's own desktop-notification flag: whether this
// computer raises its desktop notifications, and whether its mentions count on the badge. Kept per
// account in the triage state; the background writes them (setProjectSwitches). A switch shows the
// new position while the change is under way, and goes back with the reason when it fails.
import { useEffect, useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { callBackground } from '@/lib/messaging/call-background';
import type { ServiceProject } from '@/lib/projects/types';
import type { ProjectSwitches as Switches } from '@/lib/triage/triage-state';

interface ProjectSwitchesProps {
  project: ServiceProject;
  /** As stored (both on by default). */
  switches: Switches;
}

type Which = keyof Switches;

function without(pending: Partial<Switches>, which: Which[]): Partial<Switches> {
  const next = { ...pending };
  for (const w of which) delete next[w];
  return next;
}

export function ProjectSwitches({ project, switches }: ProjectSwitchesProps) {
  const [pending, setPending] = useState<Partial<Switches>>({});
  const [error, setError] = useState<string | null>(null);
  const id = project.project_id;
  const shown: Switches = { ...switches, ...pending };

  // A position asked for stays shown until storage has it (or the change failed).
  useEffect(() => {
    const settled = (Object.keys(pending) as Which[]).filter((w) => pending[w] === switches[w]);
    if (settled.length === 0) return;
    setPending((p) => without(p, settled));
  }, [pending, switches.notify, switches.badge]);

  async function change(which: Which, on: boolean) {
    setPending((p) => ({ ...p, [which]: on }));
    setError(null);
    const reply = await callBackground('setProjectSwitches', { projectId: id, [which]: on });
    if (reply.ok) return;
    setPending((p) => without(p, [which]));
    setError(t('optionsSwitchFailed', reply.error.message));
  }

  const item = (which: Which, label: string, named: string) => (
    <div class="project-switch">
      <input
        id={`${which}-${id}`}
        type="checkbox"
        role="switch"
        class="switch"
        checked={shown[which]}
        aria-label={named}
        onChange={(event) => void change(which, event.currentTarget.checked)}
      />
      <label for={`${which}-${id}`}>{label}</label>
    </div>
  );

  return (
    <div class="project-switches">
      {item('notify', t('optionsNotifyHere'), t('optionsNotifyHereNamed', project.name))}
      {item('badge', t('optionsCountOnBadge'), t('optionsCountOnBadgeNamed', project.name))}
      {error && (
        <p role="alert" class="project-error">
          {error}
        </p>
      )}
    </div>
  );
}
