// The "Muted" section: every mute rule with what it mutes, where (all projects or one), how many
// stored mentions it hides, and an undo per rule. Rules are made in the popup (a mention's menu);
// here they are only listed and removed, through the background (the one writer). After a rule is
// gone, focus moves to the rule that took its place (or the one before, or the heading), so a
// keyboard user can go on removing without starting over.
import { FIRST_ACCOUNT } from '@/lib/accounts/accounts';
import { useEffect, useRef, useState } from 'preact/hooks';
import { t, tn } from '@/lib/i18n';
import { callBackground } from '@/lib/messaging/call-background';
import type { ServiceProject } from '@/lib/projects/types';
import type { MuteRule } from '@/lib/triage/triage-state';
import { useHiddenCounts } from '@/components/options/muted-counts';

interface MutedRulesProps {
  /** Newest first, as the triage state keeps them. */
  rules: readonly MuteRule[];
  projects: readonly ServiceProject[];
  /** The account's id as commands name it (commandAccountId); none for the first account. */
  accountId?: string;
}

/** "Author: Jane Doe", "Site: example.com", "Phrase: launch". */
function ruleText(rule: MuteRule): string {
  if (rule.kind === 'author') return t('optionsMutedAuthor', rule.value);
  if (rule.kind === 'site') return t('optionsMutedSite', rule.value);
  return t('optionsMutedPhrase', rule.value);
}

/** The rule's button: "Unmute author Jane Doe". */
function unmuteLabel(rule: MuteRule): string {
  if (rule.kind === 'author') return t('optionsUnmuteAuthor', rule.value);
  if (rule.kind === 'site') return t('optionsUnmuteSite', rule.value);
  return t('optionsUnmutePhrase', rule.value);
}

function unmutedText(rule: MuteRule): string {
  if (rule.kind === 'author') return t('optionsUnmutedAuthor', rule.value);
  if (rule.kind === 'site') return t('optionsUnmutedSite', rule.value);
  return t('optionsUnmutedPhrase', rule.value);
}

function scopeText(rule: MuteRule, projects: readonly ServiceProject[]): string {
  if (rule.projectId === null) return t('optionsMutedAllProjects');
  const project = projects.find((p) => p.project_id === rule.projectId);
  return project ? project.name : t('optionsMutedProjectGone', String(rule.projectId));
}

const buttonId = (rule: MuteRule) => `unmute-${rule.id}`;

type Outcome = { tone: 'notice' | 'error'; text: string } | null;

export function MutedRules({ rules, projects, accountId }: MutedRulesProps) {
  // A command without an id is the first account's: its store is the one counted then.
  const counts = useHiddenCounts(rules, accountId ?? FIRST_ACCOUNT);
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  /** The rule just removed and where it stood, until the list without it is shown. */
  const removed = useRef<{ id: string; index: number } | null>(null);

  useEffect(() => {
    const gone = removed.current;
    if (!gone || rules.some((rule) => rule.id === gone.id)) return;
    removed.current = null;
    const next = rules[gone.index] ?? rules[gone.index - 1];
    document.getElementById(next ? buttonId(next) : 'muted-heading')?.focus();
  }, [rules]);

  async function unmute(rule: MuteRule, index: number) {
    if (busy) return;
    setBusy(rule.id);
    setOutcome(null);
    // Set before the call: the list without the rule may arrive before the reply does.
    removed.current = { id: rule.id, index };
    const reply = await callBackground('unmute', { ruleId: rule.id });
    setBusy(null);
    if (!reply.ok) {
      removed.current = null;
      setOutcome({ tone: 'error', text: t('optionsUnmuteFailed', reply.error.message) });
      return;
    }
    setOutcome({ tone: 'notice', text: unmutedText(rule) });
  }

  return (
    <section aria-labelledby="muted-heading">
      <h2 id="muted-heading" class="with-count" tabIndex={-1}>
        {t('optionsMutedHeading')}
        {rules.length > 0 && <span class="count"> {tn('optionsMutedCount', rules.length)}</span>}
      </h2>
      <p class="section-intro">{t('optionsMutedIntro')}</p>
      <p role="status" class={outcome?.tone === 'notice' ? 'notice' : 'notice empty'}>
        {outcome?.tone === 'notice' && outcome.text}
      </p>
      {outcome?.tone === 'error' && (
        <p role="alert" class="form-error">
          {outcome.text}
        </p>
      )}
      {rules.length === 0 ? (
        <p class="card empty-state">{t('optionsMutedEmpty')}</p>
      ) : (
        <ul class="muted-list">
          {rules.map((rule, index) => {
            const hides = counts?.get(rule.id);
            return (
              <li key={rule.id} class="muted-rule">
                <div class="muted-text">
                  <p class="muted-what">{ruleText(rule)}</p>
                  <p class="muted-meta">
                    <span>{scopeText(rule, projects)}</span>
                    {hides !== undefined && <span>{tn('optionsMutedHides', hides)}</span>}
                  </p>
                </div>
                <button
                  id={buttonId(rule)}
                  type="button"
                  class="secondary"
                  aria-label={unmuteLabel(rule)}
                  aria-disabled={busy === rule.id ? 'true' : undefined}
                  onClick={() => void unmute(rule, index)}
                >
                  {t('optionsUnmute')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
