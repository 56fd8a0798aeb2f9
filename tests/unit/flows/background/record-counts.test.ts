// What a poll could not take as sent reaches the status, so the options page can say it in words:
// records that did not decode (in the project list or a project's mentions), and new mentions whose
// date could not be read (stored, dated when first seen). A clean poll clears the counts.
import { expect, it } from 'vitest';
import { useBackground } from '../../support/background';

const h = useBackground();

it('counts skipped records and unreadable dates in the status, and a clean poll clears them', async () => {
  await h.start();
  await h.connect();
  expect((await h.status()).records).toEqual({ skipped: 0, refused: 0, undated: 0 });

  const [acme] = h.fake.projects();
  h.fake.setFault('badRecords', { count: 1, func: 'getMentions' });
  h.fake.setFault('badRecords', { count: 1, func: 'listProjects' });
  // A service that starts sending epoch seconds: the mention is stored, dated when first seen.
  const [epoch] = h.fake.addMentions(acme.project_id, 1, { date_added: '1795000000' });
  await h.fireAlarm();
  // Two of the list's three bad records do not read as a project; all three of the first
  // project's bad mentions (no id, an id that is text, a null) are skipped.
  expect((await h.status()).records).toEqual({ skipped: 5, refused: 0, undated: 1 });
  const stored = (await h.store()).byProject[acme.project_id].find((m) => m.id === epoch.id);
  expect(stored?.read).toBe(false);

  await h.fireAlarm();
  expect((await h.status()).records).toEqual({ skipped: 0, refused: 0, undated: 0 });
});
