/** Settings → Language: the browser's language (Automatic) or one of the catalogues' languages. */
import type { LanguageChoice } from '../../storage';
import { settings, updateSettings } from '../shell/app-state';
import * as m from '../words/paraglide/messages.js';

/** Each language named in itself, so a player who cannot read the current one still finds theirs. */
const CHOICES: readonly { readonly value: LanguageChoice; readonly label: () => string }[] = [
  { value: 'auto', label: m.settings_language_auto },
  { value: 'en', label: m.settings_language_en },
  { value: 'de', label: m.settings_language_de },
  { value: 'zh', label: m.settings_language_zh },
];

export function LanguageSetting() {
  return (
    <label>
      {m.settings_language()}
      <select
        value={settings.value.language}
        onChange={(e) => void updateSettings({ language: e.currentTarget.value as LanguageChoice })}
      >
        {CHOICES.map((c) => (
          <option key={c.value} value={c.value} lang={c.value === 'auto' ? undefined : c.value}>
            {c.label()}
          </option>
        ))}
      </select>
    </label>
  );
}
