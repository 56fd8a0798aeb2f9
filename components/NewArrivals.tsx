// Mentions that arrived while the popup is open wait behind this button instead of pushing the
// list down under the reader's eyes. It floats over the list, so it does not move it either.
import { tn } from '@/lib/i18n';

export function NewArrivals({ count, onShow }: { count: number; onShow(): void }) {
  return (
    <button type="button" class="arrivals" onClick={onShow}>
      <span aria-hidden="true">↑</span> {tn('popupShowNew', count)}
    </button>
  );
}
