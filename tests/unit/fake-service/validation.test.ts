import { beforeEach, describe, expect, it } from 'vitest';
import {
  call,
  CONTRACT_TYPE_FIELDS,
  login,
  projectForm,
  reply,
  useFakeService,
} from '../support/fake-service';

const ctx = useFakeService();
let token = '';
beforeEach(async () => {
  token = await login(ctx.svc);
});

async function add(form: Record<string, string>) {
  const { status, body } = await reply(
    call(ctx.svc, 'project', { token, func: 'addProject' }, { form }),
  );
  return { status, body: body as { status?: string; message?: string; success?: boolean } };
}

const long = (n: number) => 'x'.repeat(n);

describe('addProject validation', () => {
  it.each([
    // [what, overrides, field named]
    ['name missing', { name: undefined }, 'name: required'],
    ['name empty', { name: '' }, 'name: must be 1 to 100 characters (got 0)'],
    ['name 101 chars', { name: long(101) }, 'name: must be 1 to 100 characters (got 101)'],
    ['name blank', { name: '   ' }, 'name: must not be blank'],
    ['type missing', { type: undefined }, 'type: required'],
    ['type unknown', { type: 'brand' }, 'type: must be one of'],
    ['type wrong case', { type: 'BrandMonitoring' }, 'type: must be one of'],
    ['language missing', { language: undefined }, 'language: required'],
    ['language a word', { language: 'english' }, 'language: "english" is not a code'],
    ['language empty', { language: '' }, 'language: empty code'],
    ['language empty item', { language: 'en,,de' }, 'language: empty code'],
    ['language all and a code', { language: 'all,en' }, 'language: "all" cannot be combined'],
    ['source missing', { source: undefined }, 'source: required'],
    ['source empty', { source: '' }, 'source: empty value'],
    ['source unknown', { source: 'twitter,myspace' }, 'source: unknown value "myspace"'],
    ['source as in the contract text', { source: 'the service' }, 'source: unknown value'],
    ['source all', { source: 'all' }, 'source: unknown value "all"'],
    ['location missing', { location: undefined }, 'location: required'],
    ['location empty', { location: '' }, 'location: empty code'],
    ['location odd', { location: 'us,new york' }, 'location: "new york" is not a code'],
    ['email flag missing', { email_notification: undefined }, 'email_notification: required'],
    ['email flag true', { email_notification: 'true' }, 'email_notification: must be 1 or 0'],
    ['email flag 2', { email_notification: '2' }, 'email_notification: must be 1 or 0'],
    ['browser flag yes', { browser_notification: 'yes' }, 'browser_notification: must be 1 or 0'],
    ['browser flag empty', { browser_notification: '' }, 'browser_notification: must be 1 or 0'],
    ['domain empty', { brand_url: '' }, 'brand_url: must be a domain of 1 to 255 characters'],
    ['domain too long', { brand_url: long(256) }, 'brand_url: must be a domain of 1 to 255'],
    ['another type field', { backlinks_url: 'a.test' }, 'backlinks_url: only for type backlinks'],
    ['correctly spelt name', { competitor_name: 'X' }, 'competitor_name: unknown field'],
    ['unknown field', { colour: 'red' }, 'colour: unknown field'],
    ['token in the body', { token: 'abc' }, 'token: belongs in the query string'],
    ['func in the body', { func: 'addProject' }, 'func: belongs in the query string'],
    ['prototype name', { constructor: 'x' }, 'constructor: unknown field'],
  ])('rejects %s, naming the field', async (_what, overrides, message) => {
    const { status, body } = await add(projectForm(overrides));
    expect(status).toBe(400);
    expect(body.status).toBe('error');
    expect(body.message?.startsWith(message)).toBe(true);
    expect(ctx.svc.projects()).toHaveLength(6);
  });

  it.each([
    ['name of 100 characters', { name: long(100) }],
    ['name of 100 emoji', { name: '🚲'.repeat(100) }],
    ['language all', { language: 'all' }],
    ['language codes', { language: 'en,pt-BR,de' }],
    ['all seven sources', { source: 'twitter,linkedin,social,youtube,reddit,web,blogs' }],
    ['location codes', { location: 'us,gb,DE' }],
    ['flags 1 and 0', { email_notification: '1', browser_notification: '0' }],
    ['domain of 255 characters', { brand_url: long(251) + '.com' }],
    ['no type-specific field', { brand_url: undefined }],
    ['empty keyword list', { brand_name: '' }],
  ])('accepts %s', async (_what, overrides) => {
    const { status, body } = await add(projectForm(overrides));
    expect({ status, success: body.success }).toEqual({ status: 200, success: true });
  });

  it("rejects each type-specific field on every other type, by the contract's table", async () => {
    const types = Object.keys(CONTRACT_TYPE_FIELDS);
    for (const type of types) {
      for (const other of types.filter((t) => t !== type)) {
        for (const field of CONTRACT_TYPE_FIELDS[other]) {
          const { status, body } = await add(
            projectForm({ type, brand_url: undefined, [field]: 'value.test' }),
          );
          expect({ type, field, status, message: body.message }).toEqual({
            type,
            field,
            status: 400,
            message: `${field}: only for type ${other}, not ${type}`,
          });
        }
      }
    }
    expect(ctx.svc.projects()).toHaveLength(6);
  });

  it('rejects the correctly spelt competitor fields the contract does not have', async () => {
    for (const field of ['competitor_name', 'competitor_excluded_keywords']) {
      const { status, body } = await add(
        projectForm({ type: 'competitiveMonitoring', brand_url: undefined, [field]: 'Globex' }),
      );
      expect({ status, message: body.message }).toEqual({
        status: 400,
        message: `${field}: unknown field`,
      });
    }
  });

  it('wants a form-urlencoded body, not JSON', async () => {
    const res = await fetch(`${ctx.svc.url}/api/project.php?token=${token}&func=addProject`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(projectForm()),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      status: 'error',
      message:
        'body: fields must be sent form-urlencoded (Content-Type: application/x-www-form-urlencoded)',
    });
  });

  it('names the first missing field for an empty body', async () => {
    const res = await fetch(`${ctx.svc.url}/api/project.php?token=${token}&func=addProject`, {
      method: 'POST',
    });
    expect(await reply(res)).toMatchObject({ status: 400, body: { message: 'name: required' } });
  });

  it('applies the same rules to editProject', async () => {
    const res = await reply(
      call(
        ctx.svc,
        'project',
        { token, func: 'editProject', project_id: 1202 },
        { form: projectForm({ type: 'backlinks', brand_url: 'acme.test' }) },
      ),
    );
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'brand_url: only for type brandMonitoring, not backlinks' },
    });
  });
});
