// The last project list the service gave us, so pages can name projects and count per project
// without asking the service. Written only by the background after a successful listProjects.
import { defineLazyItem } from '../lazy-storage-item';
import type { ServiceProject } from './types';

export const projectsItem = defineLazyItem<ServiceProject[]>('local:projects', {
  fallback: [],
  version: 1,
  migrations: {},
});

export async function readProjects(): Promise<ServiceProject[]> {
  const value = await projectsItem.getValue();
  return Array.isArray(value)
    ? value.filter(
        (p): p is ServiceProject =>
          typeof p === 'object' && p !== null && Number.isSafeInteger(p.project_id),
      )
    : [];
}
