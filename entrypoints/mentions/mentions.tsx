// First, before the components are even evaluated: storage answers while the page starts.
import { mentionsRead } from '@/entrypoints/mentions/mentions-read';
import { render } from 'preact';
import { localizeDocument } from '@/lib/i18n';
import { MentionsApp } from '@/entrypoints/mentions/MentionsApp';
import '@/components/theme.css';
import '@/components/controls.css';
import '@/entrypoints/mentions/mentions.css';

localizeDocument('mentionsPageDocumentTitle');
render(<MentionsApp firstRead={mentionsRead} />, document.getElementById('app')!);
