import { render } from 'preact';
import { localizeDocument } from '@/lib/i18n';
import { startMentionsFirstRead } from '@/lib/mention-view/first-read';
import { MentionsApp } from '@/entrypoints/mentions/MentionsApp';
import '@/components/theme.css';
import '@/components/controls.css';
import '@/entrypoints/mentions/mentions.css';

// Before the first render, so storage answers while Preact makes the first frame.
const firstRead = startMentionsFirstRead();
localizeDocument('mentionsPageDocumentTitle');
render(<MentionsApp firstRead={firstRead} />, document.getElementById('app')!);
