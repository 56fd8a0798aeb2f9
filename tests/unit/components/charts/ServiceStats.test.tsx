// @vitest-environment happy-dom
// The service's statistics of the selected project, within the Trends.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServiceStats } from '@/components/charts/ServiceStats';
import { TrendCharts } from '@/components/charts/TrendCharts';
import { sendMessage } from '@/lib/messaging/messenger';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

const send = vi.mocked(sendMessage) as unknown as ReturnType<typeof vi.fn>;

const ROWS = [
  { key: 'total_mentions', value: '1234' },
  { key: 'mentions.by_source.reddit', value: '3' },
  { key: 'mentions.by_source.web', value: '11' },
  { key: 'project.name', value: '<b>Acme</b>' },
];

beforeEach(() => {
  // A block, not an arrow's value: a function returned from beforeEach runs as its teardown.
  send.mockReset();
});
afterEach(() => cleanup());

describe('ServiceStats', () => {
  it('charts counts that belong together and tables the rest', async () => {
    send.mockResolvedValue({ ok: true, value: { rows: ROWS } });
    render(<ServiceStats projectId={7} projectName="Acme" />);
    expect(screen.getByText('Loading statistics…')).toBeTruthy();
    const chart = await screen.findByRole('img', { name: 'Mentions › By source' });
    expect(send).toHaveBeenCalledWith('getProjectStats', { projectId: 7 });
    expect(screen.getByRole('region', { name: 'Service statistics of Acme' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Mentions › By source', level: 4 })).toBeTruthy();
    expect(chart.textContent).toContain('Reddit');
    const figure = chart.closest('figure') as HTMLElement;
    expect(within(figure).getByText('Table: Mentions › By source')).toBeTruthy();
    const other = screen.getByRole('table', { name: 'Other statistics of Acme' });
    const cells = [...other.querySelectorAll('th, td')].map((c) => c.textContent);
    expect(cells).toEqual([
      'Statistic',
      'Value',
      'Total mentions',
      '1,234',
      'Project',
      'Name',
      '<b>Acme</b>',
    ]);
    expect(other.querySelector('b')).toBeNull();
  });

  it('says when the service reported nothing', async () => {
    send.mockResolvedValue({ ok: true, value: { rows: [] } });
    render(<ServiceStats projectId={7} projectName="Acme" />);
    expect(
      await screen.findByText('The service reported no statistics for this project.'),
    ).toBeTruthy();
  });

  it('reports a failure in words and tries again on request', async () => {
    send.mockResolvedValueOnce({ ok: false, error: { kind: 'server', message: 'HTTP 500.' } });
    send.mockResolvedValueOnce({ ok: true, value: { rows: ROWS } });
    render(<ServiceStats projectId={7} projectName="Acme" />);
    expect(await screen.findByText('Could not load the statistics: HTTP 500.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img', { name: 'Mentions › By source' })).toBeTruthy();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('appears in the Trends only for a selected project, and follows the filter', async () => {
    send.mockImplementation(async (_type: string, data: { projectId: number }) => ({
      ok: true,
      value: { rows: [{ key: 'total', value: String(data.projectId * 10) }] },
    }));
    const base = { mentions: [], now: Date.now(), projectName: (id: number) => `P${id}` };
    const view = render(<TrendCharts {...base} projectId={null} />);
    expect(screen.queryByRole('region')).toBeNull();
    view.rerender(<TrendCharts {...base} projectId={1} />);
    expect(await screen.findByRole('region', { name: 'Service statistics of P1' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Other statistics of P1' }).textContent).toContain(
        '10',
      ),
    );
    view.rerender(<TrendCharts {...base} projectId={2} />);
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Other statistics of P2' }).textContent).toContain(
        '20',
      ),
    );
    view.rerender(<TrendCharts {...base} projectId={null} />);
    expect(screen.queryByRole('region')).toBeNull();
  });
});
