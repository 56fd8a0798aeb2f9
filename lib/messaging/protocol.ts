// What the extension's pages may ask of the background, and what they get back. The background is
// the only writer of mention state and the only caller of the service, so every change a page
// wants travels as one of these messages.
import type { MentionKey } from '../mentions/store';
import type { ProjectInput, ServiceProject } from '../projects/types';

/** A failure the page can show in words. `field` names the form field the service objected to. */
export interface CommandError {
  kind: string;
  message: string;
  field?: string;
}

export type CommandResult<T> = { ok: true; value: T } | { ok: false; error: CommandError };

export type { MentionKey };

export interface ConnectionResult {
  projectCount: number;
}

export interface ProjectStats {
  rows: { key: string; value: string }[];
}

export interface ProtocolMap {
  /** Poll now; resolves when that poll (or the one already running) ends. */
  pollNow(): CommandResult<{ polled: boolean }>;
  markRead(data: { keys: MentionKey[] }): CommandResult<null>;
  markUnread(data: { keys: MentionKey[] }): CommandResult<null>;
  /** Marks every mention read, or only those of the given projects. */
  markAllRead(data: { projectIds?: number[] }): CommandResult<null>;
  /** Logs in with these settings without saving them. */
  testConnection(data: { serviceUrl: string; apiKey: string }): CommandResult<ConnectionResult>;
  savePreferences(data: {
    pollIntervalMinutes: number;
    notificationsEnabled: boolean;
  }): CommandResult<null>;
  /** Saves the connection (after the page obtained the host permission) and starts a poll. */
  saveConnection(data: { serviceUrl: string; apiKey: string }): CommandResult<ConnectionResult>;
  /** Forgets the key, the token and everything of the account (its mentions, projects, status). */
  disconnect(data: { keepMentions?: boolean }): CommandResult<null>;
  /** The service's UTC offset chosen in the options (minutes east of UTC), or null: automatic. */
  setServiceClockOverride(data: { overrideMinutes: number | null }): CommandResult<null>;
  getProject(data: { projectId: number }): CommandResult<ServiceProject>;
  getProjectStats(data: { projectId: number }): CommandResult<ProjectStats>;
  addProject(data: { input: ProjectInput }): CommandResult<{ projectId?: number }>;
  editProject(data: { projectId: number; input: ProjectInput }): CommandResult<null>;
  removeProject(data: { projectId: number }): CommandResult<null>;
}

/** A command's data: `undefined` for a command that takes none. */
export type CommandData<K extends keyof ProtocolMap> = Parameters<ProtocolMap[K]>[0];

// Pages send in @webext-core/messaging's wire format, `{ id, type, data, timestamp }` out and
// `{ res }` or `{ err }` back, which the background answers (listen.ts), and as that library's
// sendMessage does: through the callback form of chrome.runtime.sendMessage, so a message nobody
// answers (the worker failed to start) rejects with the browser's own words. The library itself
// cost the pages' shared chunk about 1.3 KB gzipped, mostly for receiving, which pages never do.
let nextId = Math.floor(Math.random() * 1e4);

/** Sends a command to the background; rejects when it cannot be delivered or is not answered. */
export async function sendMessage<K extends keyof ProtocolMap>(
  type: K,
  data: CommandData<K>,
): Promise<ReturnType<ProtocolMap[K]>> {
  const message = { id: nextId++, type, data, timestamp: Date.now() };
  const reply = await new Promise<{ res?: ReturnType<ProtocolMap[K]>; err?: { message?: string } }>(
    (resolve, reject) =>
      chrome.runtime.sendMessage(message, (response) => {
        const failure = chrome.runtime.lastError;
        if (failure) reject(new Error(failure.message));
        else resolve(response ?? { err: { message: 'No response' } });
      }),
  );
  if (reply.err != null) throw new Error(reply.err.message);
  return reply.res as ReturnType<ProtocolMap[K]>;
}
