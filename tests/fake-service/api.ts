// The three PHP scripts of the contract: login.php, mention.php, project.php. Turns one parsed
// request into one reply value; faults, logging and the socket are the pipeline's business.
//
// Error replies: the contract shows none, so the fake uses two shapes a PHP back end plausibly
// mixes: `{"error": ...}` for authentication, `{"status":"error","message":"<field>: ..."}` for
// everything else.

import { projectStatistics } from './stats';
import type { ServiceState } from './state';
import { validateProjectForm } from './validation';

export interface ApiRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** Parsed form body; null when the body is not form-urlencoded. */
  form: Record<string, string> | null;
  rawBody: string;
}

export interface ApiReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export const LOGIN_PATH = '/api/login.php';
export const MENTION_PATH = '/api/mention.php';
export const PROJECT_PATH = '/api/project.php';

export const INVALID_KEY = 'Invalid API key';
export const INVALID_TOKEN = 'Invalid or expired token';

/** Allowed methods per func. Reads are GET, writes POST; removeProject takes either. */
const METHODS: Record<string, Record<string, string[]>> = {
  [MENTION_PATH]: { getMentions: ['GET'] },
  [PROJECT_PATH]: {
    listProjects: ['GET'],
    getProject: ['GET'],
    getProjectData: ['GET'],
    addProject: ['POST'],
    editProject: ['POST'],
    removeProject: ['GET', 'POST'],
  },
};

const error = (status: number, message: string, headers?: Record<string, string>): ApiReply => ({
  status,
  body: { status: 'error', message },
  headers,
});

export const authError = (): ApiReply => ({ status: 401, body: { error: INVALID_TOKEN } });
export const keyError = (): ApiReply => ({ status: 401, body: { error: INVALID_KEY } });

/** The func a request is for, as faults and the log see it: `login` for login.php. */
export function funcOf(path: string, query: Record<string, string>): string | null {
  if (path === LOGIN_PATH) return 'login';
  return Object.hasOwn(query, 'func') ? query.func : null;
}

export function routeApi(req: ApiRequest, state: ServiceState, now: Date): ApiReply {
  if (req.path === LOGIN_PATH) return login(req, state);
  const funcs = METHODS[req.path];
  if (!funcs) return error(404, `path: no such script ${clip(req.path)}`);

  // The token is read from the query string only: a token in a body, header or cookie is no token.
  const apiKey = Object.hasOwn(req.query, 'token') ? state.accountOf(req.query.token) : undefined;
  if (apiKey === undefined) return authError();

  const func = req.query.func;
  if (func === undefined || func === '') return error(400, 'func: required');
  if (!Object.hasOwn(funcs, func)) return error(400, `func: unknown function "${clip(func)}"`);
  const allowed = funcs[func];
  if (!allowed.includes(req.method)) {
    return error(405, `method: ${func} requires ${allowed.join(' or ')}, not ${clip(req.method)}`, {
      Allow: allowed.join(', '),
    });
  }

  // Every func but these two names a project in the query string (never in the body).
  let projectId = 0;
  if (func !== 'listProjects' && func !== 'addProject') {
    const parsed = parseProjectId(req.query.project_id);
    if (typeof parsed === 'string') return error(400, `project_id: ${parsed}`);
    if (!state.getProject(apiKey, parsed)) {
      return error(404, `project_id: no project ${parsed} in this account`);
    }
    projectId = parsed;
  }

  switch (func) {
    case 'getMentions':
      return ok(state.mentions(projectId));
    case 'listProjects':
      return ok(state.listProjects(apiKey));
    case 'getProject':
      return ok(state.getProject(apiKey, projectId));
    case 'getProjectData':
      return ok(
        projectStatistics(
          state.getProject(apiKey, projectId)!,
          state.mentions(projectId),
          now,
          state.serviceUtcOffset,
        ),
      );
    case 'removeProject':
      state.removeProject(apiKey, projectId);
      return ok({ success: true });
    default: {
      // addProject, editProject
      const form = formOf(req);
      if (typeof form === 'string') return error(400, form);
      const result = validateProjectForm(form);
      if (!result.ok) return error(400, result.message);
      if (func === 'addProject') {
        const project = state.addProject(apiKey, result.project);
        return ok({ success: true, project_id: project.project_id });
      }
      state.editProject(apiKey, projectId, result.project);
      return ok({ success: true });
    }
  }
}

function login(req: ApiRequest, state: ServiceState): ApiReply {
  if (req.method !== 'POST') {
    return error(405, `method: login.php requires POST, not ${clip(req.method)}`, {
      Allow: 'POST',
    });
  }
  // The key travels in the form body only (contract: "Body field key").
  const key = req.form && Object.hasOwn(req.form, 'key') ? req.form.key : undefined;
  const token = key === undefined ? undefined : state.login(key);
  return token === undefined ? keyError() : ok({ token });
}

const ok = (body: unknown): ApiReply => ({ status: 200, body });

function parseProjectId(value: string | undefined): number | string {
  if (value === undefined || value === '') return 'required';
  if (!/^\d+$/.test(value)) return `must be a positive integer, not "${clip(value)}"`;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0
    ? id
    : `must be a positive integer, not "${clip(value)}"`;
}

/** The form fields, or why there are none usable. */
function formOf(req: ApiRequest): Record<string, string> | string {
  if (req.form) return req.form;
  if (req.rawBody !== '') {
    return 'body: fields must be sent form-urlencoded (Content-Type: application/x-www-form-urlencoded)';
  }
  return {};
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
