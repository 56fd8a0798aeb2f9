// Chromium's toolbar and its Extensions menu: the puzzle button (1) opens a list of extensions,
// each with a pin button (2) that puts its button on the toolbar.
import { t } from '@/lib/i18n';
import { Bar, Dots, Pin, Puzzle, Ring, Step, Window } from '@/components/welcome/picture-parts';

export function ChromiumPinPicture() {
  return (
    <Window height={232} label={t('welcomePinPictureChromium')}>
      <rect class="pp-field" x={16} y={11} width={246} height={24} rx={12} />
      <Ring x={298} y={23} />
      <Puzzle x={298} y={23} />
      <Step x={278} y={10} n={1} />
      <circle class="pp-bar" cx={332} cy={23} r={9} />
      <Dots x={366} y={23} />

      <rect class="pp-menu" x={130} y={54} width={256} height={166} rx={8} />
      <text class="pp-title" x={146} y={80}>
        {t('welcomePinPictureMenuTitle')}
      </text>
      <rect class="pp-row" x={138} y={94} width={240} height={36} rx={6} />
      <image href="/icon/32.png" x={148} y={102} width={20} height={20} />
      <text class="pp-text" x={178} y={116}>
        {t('extName')}
      </text>
      <Ring x={334} y={112} />
      <Pin x={334} y={112} />
      <Step x={314} y={96} n={2} />
      <Dots x={362} y={112} />

      <rect class="pp-bar" x={148} y={142} width={20} height={20} rx={4} />
      <Bar x={178} y={152} width={96} />
      <Pin x={334} y={152} />
      <Dots x={362} y={152} />

      <line class="pp-rule" x1={130} y1={176} x2={386} y2={176} />
      <rect class="pp-bar" x={148} y={190} width={16} height={16} rx={3} />
      <Bar x={178} y={198} width={120} />
    </Window>
  );
}
