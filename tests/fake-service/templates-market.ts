// Mention texts for projects that watch the market: a competitor, and a topic. The banks by
// project type, and what `{name}` and `{domain}` stand for: templates.ts.

import type { MentionTemplate } from './templates';

export const competitor: MentionTemplate[] = [
  {
    title: '{name} Volt review: fast but heavy',
    snippet: 'At 31 kg the {name} Volt is a handful on stairs, but it flies on the flat.',
    summary: 'Mixed review of the {name} Volt.',
    sentiment: 0,
  },
  {
    title: '{name} cuts prices on the Volt by 15%',
    snippet: 'The discount runs until the end of the month on {domain} and at dealers.',
    summary: '{name} announced a price cut.',
    sentiment: 0,
  },
  {
    title: 'Switched from {name} to Acme, here is why',
    snippet: 'Two warranty claims in one year. The Acme shop fixed the same issue in a day.',
    summary: 'A customer left {name} for a competitor.',
    sentiment: -1,
  },
  {
    title: '{name} app outage leaves riders locked out',
    snippet: 'The app-based lock failed for about three hours this morning.',
    summary: 'Service outage at {name}.',
    sentiment: -1,
  },
  {
    title: '{name} opens an assembly plant in Poland',
    snippet: 'The plant will build 80,000 frames a year from 2026.',
    summary: '{name} expands production.',
    sentiment: 0,
  },
  {
    title: '{name} partners with DeliverNow for courier fleets',
    snippet: 'DeliverNow will lease 1,200 {name} cargo bikes across five cities.',
    summary: 'Fleet partnership announced by {name}.',
    sentiment: 1,
  },
  {
    title: 'Is the {name} warranty any good?',
    snippet: '',
    summary: 'A buyer asks about {name} warranty terms.',
    sentiment: 0,
  },
  {
    title: '{name} Volt 2: leaked photos',
    snippet: 'Integrated lights, a bigger display and what looks like a belt drive.',
    summary: 'Photos of an unreleased {name} model surfaced.',
    sentiment: 0,
  },
  {
    title: '{name} vs Acme: which cargo bike holds its value?',
    snippet: 'Looked at 200 second-hand listings. {name} bikes lose about 10% more in two years.',
    summary: 'Resale comparison between {name} and Acme.',
    sentiment: -1,
  },
  {
    title: 'Loving my new {name} Volt so far',
    snippet: 'Zero issues after 500 km, and the app finally works offline.',
    summary: 'Happy {name} owner.',
    sentiment: 1,
  },
];

export const topic: MentionTemplate[] = [
  {
    title: 'City council votes to double protected bike lanes by 2027',
    snippet: 'The plan adds 45 km of separated lanes and prioritises school routes.',
    summary: 'Local government expands cycling infrastructure.',
    sentiment: 1,
  },
  {
    title: 'New EU rules for speed pedelecs: what changes',
    snippet: 'Number plates, helmets and insurance: a summary of the proposal on {name}.',
    summary: 'Overview of proposed EU regulation.',
    sentiment: 0,
  },
  {
    title: 'Insurance for e-bikes: is it mandatory?',
    snippet: 'Short answer: it depends on the motor power and your country.',
    summary: 'Explainer on e-bike insurance requirements.',
    sentiment: 0,
  },
  {
    title: 'Study: e-bike commuters get nearly as much exercise as cyclists',
    snippet: 'Riders made longer trips, which made up for the motor assistance.',
    summary: 'Research on the health effects of {name}.',
    sentiment: 1,
  },
  {
    title: 'Battery safety standards for e-bikes proposed after apartment fires',
    snippet: 'The draft requires certified chargers and cell-level fuses.',
    summary: 'New safety standards proposed.',
    sentiment: -1,
  },
  {
    title: 'Why e-bike thefts are rising, and what actually helps',
    snippet: 'Two locks, one of them a chain, and never the same spot every day.',
    summary: 'Advice on preventing theft.',
    sentiment: -1,
  },
  {
    title: 'Tax incentives for e-bikes: a country-by-country guide',
    snippet: '',
    summary: 'Guide to purchase incentives for {name}.',
    sentiment: 1,
  },
  {
    title: 'Should e-bikes be allowed on mountain trails?',
    snippet: 'Trail associations are split; most allow class 1 pedal-assist only.',
    summary: 'Debate on trail access.',
    sentiment: 0,
  },
  {
    title: 'Winter riding: how cold affects e-bike batteries',
    snippet: 'Expect 20 to 30% less range below freezing. Store the battery indoors.',
    summary: 'Practical advice about batteries in winter.',
    sentiment: 0,
  },
  {
    title: 'Our town tried free e-bike loans for a month',
    snippet: 'Car trips by participants dropped by a third; half of them bought a bike afterwards.',
    summary: 'A pilot programme reduced car trips.',
    sentiment: 1,
  },
];
