// Moved to lib/projects/form-state.ts (one form state for both project forms); kept only for
// entrypoints/options/App.tsx's import until the folder reorganisation repoints it.
export { newProjectForm } from '@/lib/projects/form-state';
