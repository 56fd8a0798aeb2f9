import { beforeEach } from 'vitest';
import { installFakeI18n } from './i18n';

installFakeI18n();
beforeEach(() => {
  installFakeI18n();
});
