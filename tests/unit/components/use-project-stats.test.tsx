// @vitest-environment happy-dom
// The one fetch of a project's statistics, shared by the options page and the mentions page.
import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useProjectStats } from '@/components/use-project-stats';
import { sendMessage } from '@/lib/messaging/messenger';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

const send = vi.mocked(sendMessage) as unknown as ReturnType<typeof vi.fn>;

function Probe({ projectId }: { projectId: number }) {
  const { state, retry } = useProjectStats(projectId);
  return (
    <button type="button" onClick={retry}>
      {state.kind === 'loaded' ? state.rows.map((r) => r.value).join(',') : state.kind}
    </button>
  );
}

beforeEach(() => {
  send.mockReset();
});
afterEach(() => cleanup());

describe('useProjectStats', () => {
  it('drops the answer for a project no longer shown', async () => {
    let answerFirst: (value: unknown) => void = () => {};
    send.mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)));
    send.mockResolvedValueOnce({ ok: true, value: { rows: [{ key: 'total', value: 'two' }] } });
    const view = render(<Probe projectId={1} />);
    view.rerender(<Probe projectId={2} />);
    await screen.findByText('two');
    answerFirst({ ok: true, value: { rows: [{ key: 'total', value: 'one' }] } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByRole('button').textContent).toBe('two');
    expect(send.mock.calls.map((call) => call[1])).toEqual([{ projectId: 1 }, { projectId: 2 }]);
  });

  it('asks again on retry, loading meanwhile', async () => {
    send.mockResolvedValueOnce({ ok: false, error: { kind: 'server', message: 'HTTP 500.' } });
    send.mockResolvedValueOnce({ ok: true, value: { rows: [{ key: 'total', value: '5' }] } });
    render(<Probe projectId={3} />);
    await screen.findByText('failed');
    screen.getByRole('button').click();
    await waitFor(() => expect(screen.getByRole('button').textContent).toBe('5'));
    expect(send).toHaveBeenCalledTimes(2);
  });
});
