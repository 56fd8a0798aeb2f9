// The popup's short "monitor this site" form state: the prefill, a type change, the checks and
// the one-line summary of the defaults.
import { describe, expect, it } from 'vitest';
import {
  changeSiteFormType,
  checkForm,
  newSiteForm,
  optionsSummary,
  siteFormFields,
} from '@/lib/projects/form-state';

describe('the short form', () => {
  it('starts from the prefill: title as name, the site in the website field, its name as keyword', () => {
    const form = newSiteForm('brandMonitoring', 'www.initrode.com', 'Initrode | Home');
    expect(form).toEqual({
      name: 'Initrode | Home',
      type: 'brandMonitoring',
      language: 'all',
      source: ['twitter', 'linkedin', 'social', 'youtube', 'reddit', 'web', 'blogs'],
      location: 'all',
      email_notification: 0,
      browser_notification: 1,
      fields: { brand_url: 'www.initrode.com', brand_name: 'Initrode' },
    });
    expect(siteFormFields('brandMonitoring').slice(0, 3)).toEqual([
      'name',
      'brand_url',
      'brand_name',
    ]);
    expect(siteFormFields('backlinks').slice(0, 2)).toEqual(['name', 'backlinks_url']);
  });

  it('changing the type keeps what was typed and fills the new type’s website and keyword', () => {
    const brand = newSiteForm('brandMonitoring', 'initrode.com', 'Initrode');
    const edited = { ...brand, name: 'My name', fields: { ...brand.fields, brand_name: 'Ini' } };
    const backlinks = changeSiteFormType(edited, 'backlinks', 'initrode.com');
    expect(backlinks.name).toBe('My name');
    expect(backlinks.fields.backlinks_url).toBe('initrode.com');
    const competitor = changeSiteFormType(backlinks, 'competitiveMonitoring', 'initrode.com');
    expect(competitor.fields.competitor_url).toBe('initrode.com');
    expect(competitor.fields.competitior_name).toBe('Initrode');
    // Back to brand: the edited keyword is still there.
    expect(
      changeSiteFormType(competitor, 'brandMonitoring', 'initrode.com').fields.brand_name,
    ).toBe('Ini');
  });

  it('checks with the options form’s rules and points at the first shown field to fix', () => {
    const form = newSiteForm('backlinks', 'initrode.com', '');
    expect(checkForm(form, siteFormFields('backlinks'))).toMatchObject({
      ok: true,
      input: { name: 'initrode.com', fields: { backlinks_url: 'initrode.com' } },
    });
    const broken = { ...form, name: ' ', source: [], fields: { backlinks_url: 'not a domain' } };
    const check = checkForm(broken, siteFormFields('backlinks'));
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.first).toBe('name');
    expect(check.count).toBe(3);
    expect(Object.keys(check.errors).sort()).toEqual(['backlinks_url', 'name', 'source']);
  });

  it('sums the defaults up in one line', () => {
    const form = newSiteForm('backlinks', 'initrode.com', '');
    expect(optionsSummary(form)).toBe(
      'all sources · all languages · all locations · browser notifications',
    );
    expect(
      optionsSummary({
        ...form,
        source: ['web'],
        language: 'en, de',
        email_notification: 1,
        browser_notification: 0,
      }),
    ).toBe('1 source · languages: en, de · all locations · email notifications');
    expect(optionsSummary({ ...form, email_notification: 1, source: ['web', 'blogs'] })).toBe(
      '2 sources · all languages · all locations · browser and email notifications',
    );
  });
});
