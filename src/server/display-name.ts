/**
 * What a display name may hold beyond the schema's length and shape (protocol.ts): no invisible
 * or unusual characters, and letters of one writing system, so that a name is what it looks like
 * ("Аnn" with a Cyrillic А is not "Ann").
 */

/**
 * Characters that draw as nothing or change how others draw: controls, format characters (bidi
 * overrides and isolates, zero-width spaces and joiners, U+FEFF), private-use, unassigned and
 * surrogate code points, line and paragraph separators, and every default-ignorable code point
 * (U+034F combining grapheme joiner, variation selectors, Hangul fillers) — a variation selector
 * only where it does not follow an emoji, whose presentation it picks (🐿️ is U+1F43F U+FE0F).
 * The braille blank draws as a blank though it is a symbol.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\u2800]|(?<!\p{Extended_Pictographic})\uFE0F|(?!\uFE0F)\p{Default_Ignorable_Code_Point}/u;

/** Spaces other than the plain one (no-break, ideographic, thin…), which look like it but are not. */
const ODD_SPACE = /(?! )[\p{Zs}]/u;

export function invisibleIn(name: string): boolean {
  return INVISIBLE.test(name);
}

export function oddSpaceIn(name: string): boolean {
  return ODD_SPACE.test(name);
}

/**
 * The scripts of Unicode's Script_Extensions property, by ISO 15924 code (Common, Inherited and
 * Unknown left out: digits, punctuation, symbols and marks belong to every script). The data is the
 * runtime's own Unicode tables (ICU), so it follows Unicode as Node updates, without a list of
 * look-alikes kept by hand.
 */
const SCRIPT_CODES =
  'Adlm Aghb Ahom Arab Armi Armn Avst Bali Bamu Bass Batk Beng Bhks Bopo Brah Brai Bugi Buhd Cakm Cans Cari Cham Cher Chrs Copt Cpmn Cprt Cyrl Deva Diak Dogr Dsrt Dupl Egyp Elba Elym Ethi Geor Glag Gong Gonm Goth Gran Grek Gujr Guru Hang Hani Hano Hatr Hebr Hira Hluw Hmng Hmnp Hung Ital Java Kali Kana Kawi Khar Khmr Khoj Kits Knda Kthi Lana Laoo Latn Lepc Limb Lina Linb Lisu Lyci Lydi Mahj Maka Mand Mani Marc Medf Mend Merc Mero Mlym Modi Mong Mroo Mtei Mult Mymr Nagm Nand Narb Nbat Newa Nkoo Nshu Ogam Olck Orkh Orya Osge Osma Ougr Palm Pauc Perm Phag Phli Phlp Phnx Plrd Miao Prti Rjng Rohg Runr Samr Sarb Saur Sgnw Shaw Shrd Sidd Sind Sinh Sogd Sogo Sora Soyo Sund Sylo Syrc Tagb Takr Tale Talu Taml Tang Tavt Telu Tfng Tglg Thaa Thai Tibt Tirh Tnsa Toto Ugar Vaii Vith Wara Wcho Xpeo Xsux Yezi Yiii Zanb';

let scripts: Array<[string, RegExp]> | undefined;
/** Built on first use, and only with the scripts this runtime knows (an older ICU lacks the newest). */
function scriptTable(): Array<[string, RegExp]> {
  if (scripts) return scripts;
  scripts = [];
  for (const code of SCRIPT_CODES.split(' ')) {
    try {
      scripts.push([code, new RegExp(`\\p{Script_Extensions=${code}}`, 'u')]);
    } catch {
      // Not in this runtime's Unicode version: no letter of it can be typed into a name it accepts either.
    }
  }
  return scripts;
}

/**
 * A letter's resolved script set (UTS #39, section 5.1): its Script_Extensions, with Han, Hiragana
 * and Katakana counted as Japanese (Jpan), Han and Bopomofo as Chinese (Hanb), Han and Hangul as
 * Korean (Kore), the writing systems that mix them.
 */
const resolved = new Map<string, Set<string>>();
/** Each letter's set is worked out once (162 property tests) and kept; at most this many are kept. */
const RESOLVED_KEPT = 4096;

function resolvedScripts(ch: string): Set<string> {
  const known = resolved.get(ch);
  if (known) return known;
  const set = new Set<string>();
  for (const [code, re] of scriptTable()) if (re.test(ch)) set.add(code);
  if (set.has('Hani')) set.add('Jpan').add('Hanb').add('Kore');
  if (set.has('Hira') || set.has('Kana')) set.add('Jpan');
  if (set.has('Bopo')) set.add('Hanb');
  if (set.has('Hang')) set.add('Kore');
  if (resolved.size < RESOLVED_KEPT) resolved.set(ch, set);
  return set;
}

const LETTER = /\p{L}/u;

/** The scripts every letter of `letters` shares (all scripts when there are none). */
function shared(letters: readonly string[]): Set<string> | 'any' {
  let common: Set<string> | undefined;
  for (const ch of letters) {
    const mine = resolvedScripts(ch);
    common = common === undefined ? mine : new Set([...common].filter((s) => mine.has(s)));
    if (common.size === 0) return common;
  }
  return common ?? 'any';
}

const SCRIPT_NAMES = new Intl.DisplayNames(['en'], { type: 'script' });
/** The writing systems that combine Han with others (resolvedScripts): Japanese, Chinese, Korean. */
const HAN_MIXES: readonly string[] = ['Jpan', 'Hanb', 'Kore'];

/**
 * Whether a name mixes writing systems beyond what UTS #39 calls "highly restrictive": all its
 * letters of one script, or Latin beside Japanese, Chinese or Korean (as "Tomoko 友子" is written).
 * "Аnn" (Cyrillic А, Latin nn) and "Pаul" mix; "Ørjan", "Ζωή", "Анна" and "李小龍" do not.
 * Returns the writing systems it mixes, by their English names in the order their letters come
 * ("Аnn": Cyrillic, Latin), so a refusal can say which; null when it does not mix.
 */
export function mixedScripts(name: string): string[] | null {
  // Plain ASCII has only Latin letters.
  if (/^[\x00-\x7F]*$/.test(name)) return null;
  const letters = [...name].filter((ch) => LETTER.test(ch));
  const all = shared(letters);
  if (all === 'any' || all.size > 0) return null;
  const others = shared(letters.filter((ch) => !resolvedScripts(ch).has('Latn')));
  if (others !== 'any' && HAN_MIXES.some((s) => others.has(s))) return null;
  // Each letter named by one script of its set: Latin if it has it, else its first own script
  // (not one of the writing systems that combine Han with others).
  const names: string[] = [];
  for (const ch of letters) {
    const set = resolvedScripts(ch);
    const code = set.has('Latn') ? 'Latn' : [...set].find((c) => !HAN_MIXES.includes(c));
    const label = code === undefined ? undefined : (SCRIPT_NAMES.of(code) ?? code);
    if (label !== undefined && !names.includes(label)) names.push(label);
  }
  return names;
}
