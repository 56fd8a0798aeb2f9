// The "monitor this site" form over the list. The form's module (and the validation it brings) is
// loaded when the panel opens, so the first paint never waits for it.
import { useEffect, useState } from 'preact/hooks';
import { ListLoading } from '@/components/ListStates';
import type { SiteForm as SiteFormComponent, SiteFormProps } from '@/components/SiteForm';

let loading: Promise<typeof SiteFormComponent> | null = null;

/** Loads the form's module once; called early (on hover or focus of "Monitor this site") too. */
export function loadSiteForm(): Promise<typeof SiteFormComponent> {
  loading ??= import('@/components/SiteForm').then(
    (module) => module.SiteForm,
    (error: unknown) => {
      // Tried again the next time the panel opens.
      loading = null;
      throw error;
    },
  );
  return loading;
}

export function SitePanel(props: SiteFormProps) {
  const [Form, setForm] = useState<typeof SiteFormComponent | null>(null);
  useEffect(() => {
    let alive = true;
    void loadSiteForm().then((component) => {
      if (alive) setForm(() => component);
    });
    return () => {
      alive = false;
    };
  }, []);
  return <div class="site-panel">{Form ? <Form {...props} /> : <ListLoading />}</div>;
}
