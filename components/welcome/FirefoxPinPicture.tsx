// Firefox's toolbar and its Extensions panel: the puzzle button (1) lists the extensions, each
// with a gear button (2) whose menu offers "Pin to Toolbar" (3).
import { t } from '@/lib/i18n';
import { Bar, Gear, Puzzle, Ring, Step, Window } from '@/components/welcome/picture-parts';

export function FirefoxPinPicture() {
  return (
    <Window height={262} label={t('welcomePinPictureFirefox')}>
      <circle class="pp-bar" cx={18} cy={23} r={6} />
      <circle class="pp-bar" cx={38} cy={23} r={6} />
      <rect class="pp-field" x={54} y={11} width={238} height={24} rx={6} />
      <Ring x={330} y={23} />
      <Puzzle x={330} y={23} />
      <Step x={310} y={10} n={1} />
      <g class="pp-muted">
        <rect x={358} y={16} width={16} height={2} rx={1} />
        <rect x={358} y={22} width={16} height={2} rx={1} />
        <rect x={358} y={28} width={16} height={2} rx={1} />
      </g>

      <rect class="pp-menu" x={110} y={54} width={276} height={100} rx={8} />
      <text class="pp-title" x={248} y={80} text-anchor="middle">
        {t('welcomePinPictureMenuTitle')}
      </text>
      <line class="pp-rule" x1={110} y1={92} x2={386} y2={92} />
      <rect class="pp-row" x={118} y={100} width={260} height={36} rx={6} />
      <image href="/icon/32.png" x={128} y={108} width={20} height={20} />
      <text class="pp-text" x={158} y={122}>
        {t('extName')}
      </text>
      <Ring x={356} y={118} />
      <Gear x={356} y={118} />
      <Step x={336} y={102} n={2} />

      <rect class="pp-menu" x={166} y={140} width={212} height={112} rx={6} />
      <rect class="pp-row" x={172} y={146} width={200} height={26} rx={4} />
      <text class="pp-text" x={184} y={163}>
        {t('welcomePinPictureFirefoxPin')}
      </text>
      <Step x={360} y={159} n={3} />
      <Bar x={184} y={188} width={104} />
      <Bar x={184} y={212} width={112} />
      <Bar x={184} y={236} width={100} />
    </Window>
  );
}
