// @vitest-environment happy-dom
// "Monitor this site" in the popup when adding fails: an error keeps the form and everything
// typed, with the service's message beside the field it names, or at the top of the form.
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { usePopup } from '../../support/popup-flow';
import {
  addToCache,
  alertText,
  errorOf,
  field,
  openForm,
  useSiteForm,
} from '../../support/popup-site-form';
import { siteLine } from '../../support/active-tab';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

const popup = usePopup();
const form = useSiteForm(popup);

describe('an error keeps the form and everything typed', () => {
  async function fillAndSend(): Promise<void> {
    await openForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Brand' }));
    fireEvent.input(field('Name'), { target: { value: 'Initrode watch' } });
    fireEvent.input(field('Brand names'), { target: { value: 'Initrode\nIni' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add project' }));
    await waitFor(() => expect(form.added.length).toBeGreaterThan(0));
  }

  function expectInputKept(): void {
    expect(screen.getByRole('heading', { name: 'Monitor www.initrode.com' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Brand' }) as HTMLInputElement).checked).toBe(true);
    expect(field('Name').value).toBe('Initrode watch');
    expect(field('Brand website').value).toBe('www.initrode.com');
    expect(field('Brand names').value).toBe('Initrode\nIni');
  }

  it('a field the service named: its message beside it', async () => {
    form.addProject = async () => ({
      ok: false,
      error: {
        kind: 'invalid-input',
        message: 'Brand website: already watched.',
        field: 'brand_url',
      },
    });
    await fillAndSend();
    await waitFor(() =>
      expect(alertText()).toBe(
        'The service did not accept “Brand website”. See the message beside it. Everything you entered is still here.',
      ),
    );
    expect(errorOf(field('Brand website'))).toBe('Brand website: already watched.');
    await waitFor(() => expect(document.activeElement).toBe(field('Brand website')));
    expectInputKept();
    expect(within(siteLine()).getByText('Not monitored yet')).toBeTruthy();
  });

  it('a field under "More options": opened, with the message beside it', async () => {
    form.addProject = async () => ({
      ok: false,
      error: { kind: 'invalid-input', message: 'Languages: unknown code.', field: 'language' },
    });
    await fillAndSend();
    await waitFor(() => expect(document.querySelector('details')!.open).toBe(true));
    expect(errorOf(field('Languages'))).toBe('Languages: unknown code.');
    expectInputKept();
  });

  it('any other failure: the message at the top of the form, and it can be sent again', async () => {
    form.addProject = async () => ({
      ok: false,
      error: { kind: 'unreachable', message: 'The service cannot be reached.' },
    });
    await fillAndSend();
    await waitFor(() =>
      expect(alertText()).toBe(
        'Could not add the project: The service cannot be reached. Everything you entered is still here.',
      ),
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    expectInputKept();

    form.addProject = async (input) => {
      await addToCache(input);
      return { ok: true, value: {} };
    };
    fireEvent.click(screen.getByRole('button', { name: 'Add project' }));
    await within(siteLine()).findByText('Monitored in Initrode watch, brand');
    expect(form.added).toHaveLength(2);
    expect(form.added[1]).toEqual(form.added[0]);
  });

  it('the background does not answer', async () => {
    form.addProject = async () => {
      throw new Error('Could not establish connection. Receiving end does not exist.');
    };
    await fillAndSend();
    await waitFor(() => expect(alertText()).toMatch(/background did not answer/));
    expectInputKept();
  });
});
