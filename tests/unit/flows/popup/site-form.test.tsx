// @vitest-environment happy-dom
// "Monitor this site" in the popup: Brand, Backlinks or Competitor, then the short form prefilled
// from the tab (name from its title, the site in the type's website field, its name as keyword,
// the defaults under "More options"), every value editable; confirm sends addProject; success
// shows the new project once the project list has it. An error keeps the form and all its input:
// site-form-errors.test.tsx.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { usePopup } from '../../support/popup-flow';
import { listedTitles } from '../../support/popup-page';
import {
  addToCache,
  ALL_SOURCES,
  alertText,
  errorOf,
  field,
  openForm,
  toggleMoreOptions,
  useSiteForm,
} from '../../support/popup-site-form';
import { activeTab, siteLine } from '../../support/active-tab';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

const popup = usePopup();
const form = useSiteForm(popup);

describe('the choice', () => {
  it('opens over the list with the three kinds of project; the fields follow the choice', async () => {
    const heading = await openForm();
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const group = screen.getByRole('group', { name: 'Monitor it as' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('id')),
    ).toEqual(['sf-type-brandMonitoring', 'sf-type-backlinks', 'sf-type-competitiveMonitoring']);
    expect(screen.getByRole('radio', { name: 'Brand' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Backlinks' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Competitor' })).toBeTruthy();
    expect(screen.queryByLabelText('Name')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add project' })).toBeNull();
    // The filters are hidden and the list is out of reach while the form covers it.
    expect(document.querySelector('.toolbar')!.hasAttribute('hidden')).toBe(true);
    expect((document.querySelector('.scroller') as HTMLElement & { inert: boolean }).inert).toBe(
      true,
    );
  });

  it('Cancel closes it, gives the list back and returns the focus to the button', async () => {
    await openForm();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: /Monitor www/ })).toBeNull());
    const button = within(siteLine()).getByRole('button', { name: 'Monitor this site' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(listedTitles()).toEqual(['Acme in the news']);
    expect(popup.background.types()).toEqual([]);
  });
});

describe('the prefilled form', () => {
  it('brand: name from the title, the site as brand website, its name as brand name', async () => {
    await openForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Brand' }));
    expect(field('Name').value).toBe('Initrode | Home');
    expect(field('Brand website').value).toBe('www.initrode.com');
    expect(field('Brand names').value).toBe('Initrode');
    expect(
      screen.getByText('all sources · all languages · all locations · browser notifications'),
    ).toBeTruthy();
    await toggleMoreOptions();
    for (const source of ['Twitter', 'LinkedIn', 'Social', 'YouTube', 'Reddit', 'Web', 'Blogs']) {
      expect((screen.getByRole('checkbox', { name: source }) as HTMLInputElement).checked).toBe(
        true,
      );
    }
    expect(field('Languages').value).toBe('all');
    expect(field('Locations').value).toBe('all');
    const email = screen.getByRole('switch', { name: 'Email notifications' }) as HTMLInputElement;
    const browserSwitch = screen.getByRole('switch', { name: 'Browser notifications' });
    expect(email.checked).toBe(false);
    expect((browserSwitch as HTMLInputElement).checked).toBe(true);
  });

  it('backlinks: the site as website, no keyword field; competitor: competitor names', async () => {
    await openForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Backlinks' }));
    expect(field('Website').value).toBe('www.initrode.com');
    expect(screen.queryByLabelText('Brand names')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Competitor' }));
    expect(field('Competitor website').value).toBe('www.initrode.com');
    expect(field('Competitor names').value).toBe('Initrode');
    expect(field('Name').value).toBe('Initrode | Home');
  });

  it('a page without a title: the host as the name', async () => {
    cleanup();
    activeTab({ url: 'https://www.initrode.com/' });
    await openForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Backlinks' }));
    expect(field('Name').value).toBe('www.initrode.com');
  });
});

describe('confirming', () => {
  it('sends the prefilled project as it is', async () => {
    await openForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Backlinks' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add project' }));
    await waitFor(() => expect(form.added).toHaveLength(1));
    expect(form.added[0]).toEqual({
      name: 'Initrode | Home',
      type: 'backlinks',
      language: 'all',
      source: ALL_SOURCES,
      location: 'all',
      email_notification: 0,
      browser_notification: 1,
      fields: { backlinks_url: 'www.initrode.com' },
    });
  });

  it('every value can be edited first; what is sent is what was edited', async () => {
    await openForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Brand' }));
    fireEvent.input(field('Name'), { target: { value: 'Initrode watch' } });
    fireEvent.input(field('Brand website'), { target: { value: 'https://initrode.com/x' } });
    fireEvent.blur(field('Brand website'));
    // A pasted link is shown as the domain that will be sent.
    await waitFor(() => expect(field('Brand website').value).toBe('initrode.com'));
    fireEvent.input(field('Brand names'), { target: { value: 'Initrode\nInitrode Corp' } });
    await toggleMoreOptions();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Social' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'YouTube' }));
    fireEvent.input(field('Languages'), { target: { value: 'EN, de' } });
    fireEvent.input(field('Locations'), { target: { value: 'us' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Email notifications' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Browser notifications' }));
    expect(
      screen.getByText('5 sources · languages: EN, de · locations: us · email notifications'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add project' }));
    await waitFor(() => expect(form.added).toHaveLength(1));
    expect(form.added[0]).toEqual({
      name: 'Initrode watch',
      type: 'brandMonitoring',
      language: 'en,de',
      source: ['twitter', 'linkedin', 'reddit', 'web', 'blogs'],
      location: 'us',
      email_notification: 1,
      browser_notification: 0,
      fields: { brand_url: 'initrode.com', brand_name: 'Initrode\nInitrode Corp' },
    });
  });

  it('success: the form closes, says so, and the site shows as monitored by the new project', async () => {
    // The project list catches up a moment after the answer.
    let release: () => Promise<void> = async () => undefined;
    form.addProject = async (input) => {
      release = () => addToCache(input);
      return { ok: true, value: { projectId: 50 } };
    };
    await openForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Brand' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add project' }));
    await screen.findByText('Added “Initrode | Home”. Its first check has started.');
    expect(screen.queryByRole('heading', { name: /Monitor www/ })).toBeNull();
    expect(listedTitles()).toEqual(['Acme in the news']);
    const line = within(siteLine());
    expect(line.getByText('Added “Initrode | Home”. Updating your projects…')).toBeTruthy();
    expect(line.queryByRole('button', { name: 'Monitor this site' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(siteLine()));
    await release();
    await line.findByText('Monitored in Initrode | Home, brand');
    expect(line.getByText('0 unread')).toBeTruthy();
    expect(popup.background.types()).toEqual(['addProject']);
  });

  it('checks before sending: nothing is sent while a field is wrong', async () => {
    await openForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Brand' }));
    fireEvent.input(field('Name'), { target: { value: '  ' } });
    fireEvent.input(field('Brand website'), { target: { value: 'not a domain' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add project' }));
    await waitFor(() => expect(alertText()).toMatch(/2 need attention/));
    expect(errorOf(field('Name'))).toBe('Name cannot be empty.');
    expect(errorOf(field('Brand website'))).toMatch(/^Brand website: /);
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('Name')));
    expect(form.added).toEqual([]);
  });

  it('a wrong value under "More options" opens them and takes the focus there', async () => {
    await openForm();
    fireEvent.click(screen.getByRole('radio', { name: 'Backlinks' }));
    await toggleMoreOptions();
    for (const source of ['Twitter', 'LinkedIn', 'Social', 'YouTube', 'Reddit', 'Web', 'Blogs']) {
      fireEvent.click(screen.getByRole('checkbox', { name: source }));
    }
    // Checked as it changes: the message is there before confirming.
    expect(screen.getByText('Sources: choose at least one source.')).toBeTruthy();
    await toggleMoreOptions(false);
    const details = document.querySelector('details')!;
    fireEvent.click(screen.getByRole('button', { name: 'Add project' }));
    await waitFor(() => expect(details.open).toBe(true));
    await waitFor(() => expect(document.activeElement?.id).toBe('sf-source-twitter'));
    expect(form.added).toEqual([]);
  });
});
