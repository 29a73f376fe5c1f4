import { ADDRESS_MESSAGE, Lang, LANG_COOKIE, pickLang, toDevanagariDigits } from '@campaign/domain';
import { CallHandler, createParamDecorator, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { map, Observable } from 'rxjs';
import { UNSUPPORTED_CHARSET } from '../http/request-budget';

/**
 * The API's words to the public in Nepali (#15). Messages are written in English, in the
 * product's own words, everywhere in the code; a visitor who reads Nepali (`Accept-Language: ne` or
 * `?lang=ne`, as the public site sends) gets them translated here, at the edge, by exact
 * text or by the shape of a generated message. Staff calls (signed in) stay English, as the
 * admin is. A message without its Nepali goes out in English rather than not at all.
 */

/** Field names as the generated messages write them ('The bike model field is required.'). */
const FIELDS_NE: Record<string, string> = {
  name: 'नाम',
  phone: 'फोन नम्बर',
  address: 'ठेगाना',
  email: 'इमेल',
  'citizenship no': 'नागरिकता नं.',
  'bike model': 'बाइकको मोडेल',
  model: 'मोडेल',
  source: '"हाम्रोबारे कहाँबाट थाहा पाउनुभयो"',
  roadie: 'रोडी',
  'nearest branch': 'नजिकको शोरुम',
  branch: 'शाखा',
  state: 'प्रदेश',
  district: 'जिल्ला',
  city: 'शहर/गाउँपालिका',
  type: 'बुकिङको प्रकार',
  code: 'कोड',
  screenshot: 'स्क्रिनसट',
  shared: 'सेयर',
  'first name': 'पहिलो नाम',
  'last name': 'थर',
  'utm source': 'स्रोत',
};
const field = (name: string) => FIELDS_NE[name] ?? name;
const digits = (n: string) => toDevanagariDigits(n);

const EXACT: Record<string, string> = {
  'The code is incorrect.': 'कोड मिलेन।',
  'The code has expired. Please request a new code.': 'कोडको समय सकियो। कृपया नयाँ कोड माग्नुहोस्।',
  'There is no active code. Please request a new code.': 'चालु कोड छैन। कृपया नयाँ कोड माग्नुहोस्।',
  'Too many incorrect codes. Please request a new code.': 'धेरै पटक गलत कोड हालियो। कृपया नयाँ कोड माग्नुहोस्।',
  'Your phone number is already verified.': 'तपाईंको फोन नम्बर पहिले नै प्रमाणित भइसकेको छ।',
  'Your phone number is verified. Congratulations!': 'तपाईंको फोन नम्बर प्रमाणित भयो। बधाई छ!',
  'This pre-registration is already verified.': 'यो दर्ता पहिले नै प्रमाणित भइसकेको छ।',
  'Your phone number is verified. Your pre-registration is being checked by the branch, who will contact you.':
    'तपाईंको फोन नम्बर प्रमाणित भयो। तपाईंको दर्ता शाखाले जाँच गर्दैछ, शाखाले तपाईंलाई सम्पर्क गर्नेछ।',
  'If this number is registered, a code is on its way.': 'यो नम्बर दर्ता भएको छ भने कोड आउँदैछ।',
  'Pre-registration not found.': 'दर्ता भेटिएन।',
  'Not found.': 'भेटिएन।',
  'Thank You for Test Ride Booking.': 'टेस्ट राइड बुक गर्नुभएकोमा धन्यवाद।',
  'Too many requests. Please try again later.': 'धेरै अनुरोध भए। कृपया केही बेरपछि प्रयास गर्नुहोस्।',
  'Too many registrations for this phone number. Please try again later.': 'यो फोन नम्बरबाट धेरै दर्ता भए। कृपया पछि प्रयास गर्नुहोस्।',
  'Too many bookings for this phone number today. Please try again later.': 'आज यो फोन नम्बरबाट धेरै बुकिङ भए। कृपया पछि प्रयास गर्नुहोस्।',
  'Too many code requests for this number today. Please try again tomorrow.': 'आज यो नम्बरका लागि धेरै कोड मागियो। कृपया भोलि प्रयास गर्नुहोस्।',
  'Please complete the captcha.': 'कृपया क्याप्चा पूरा गर्नुहोस्।',
  'The captcha could not be checked. Please try again.': 'क्याप्चा जाँच्न सकिएन। कृपया फेरि प्रयास गर्नुहोस्।',
  'The captcha is invalid or has expired. Please try again.': 'क्याप्चा मिलेन वा समय सकियो। कृपया फेरि प्रयास गर्नुहोस्।',
  'The email must be a valid email address.': 'इमेल सही ठेगाना हुनुपर्छ।',
  'The name may only contain letters, spaces, dots, apostrophes and hyphens.': 'नाममा अक्षर, खाली ठाउँ, थोप्ला, अपोस्ट्रफी र हाइफन मात्र हुन सक्छन्।',
  'The name may only contain letters, numbers, underscores and spaces.': 'नाममा अक्षर, अङ्क, अन्डरस्कोर र खाली ठाउँ मात्र हुन सक्छन्।',
  [ADDRESS_MESSAGE]: 'ठेगानामा अक्षर, अङ्क, खाली ठाउँ र , . / - _ मात्र हुन सक्छन्।',
  'The citizenship no may only contain digits.': 'नागरिकता नं. मा अङ्क मात्र हुन सक्छन्।',
  'The service is temporarily unavailable. Please try again shortly.': 'सेवा केही बेरका लागि उपलब्ध छैन। कृपया छिट्टै फेरि प्रयास गर्नुहोस्।',
  'The file is too large.': 'फाइल धेरै ठूलो छ।',
  'The screenshot must be an image.': 'स्क्रिनसट तस्बिर हुनुपर्छ।',
  'No draw has this id. Check the id in your SMS.': 'यो नम्बरको चिठ्ठा छैन। SMS मा आएको नम्बर जाँच्नुहोस्।',
  'Server Error': 'सर्भरमा समस्या भयो',
  // A picture refused (modules/file/file-store.ts, UPLOAD_REFUSED), its reason under the field.
  'Something went wrong! Please check the file and try again.': 'केही गडबड भयो! कृपया फाइल जाँचेर फेरि प्रयास गर्नुहोस्।',
  'The file must be an image (JPEG, PNG or WebP).': 'फाइल तस्बिर (JPEG, PNG वा WebP) हुनुपर्छ।',
  'The image could not be read.': 'तस्बिर पढ्न सकिएन।',
  [UNSUPPORTED_CHARSET]: 'अनुरोध UTF-8 मा हुनुपर्छ: Content-Type application/json (वा फारम) charset=utf-8 सहित वा charset बिना पठाउनुहोस्।',
};

/** Generated messages by their shape; `$n` are the parts the English carries. */
const SHAPES: Array<[RegExp, (...parts: string[]) => string]> = [
  [/^The (.+?)(?: field)? is required\.$/, (f) => `${field(f)} आवश्यक छ।`],
  [/^The selected (.+) is invalid\.$/, (f) => `छानिएको ${field(f)} मान्य छैन।`],
  [/^The (.+) may not be greater than (\d+) characters\.$/, (f, n) => `${field(f)} ${digits(n)} अक्षरभन्दा लामो हुन सक्दैन।`],
  [/^The (.+) format is invalid\.$/, (f) => `${field(f)} को ढाँचा मिलेन।`],
  [/^The (.+) must be text\.$/, (f) => `${field(f)} अक्षरमा हुनुपर्छ।`],
  [/^The (.+) field must be true or false\.$/, (f) => `${field(f)} हो वा होइन भनी छान्नुहोस्।`],
  [/^The (.+) field is not allowed\.$/, (f) => `${f} पठाउन मिल्दैन।`],
  [/^The (.+) must be a valid Nepal mobile number \(10 digits starting with 96, 97 or 98\)\.$/, (f) => `${field(f)} ९६, ९७ वा ९८ बाट सुरु हुने १० अङ्कको नेपाली मोबाइल नम्बर हुनुपर्छ।`],
  [/^Please wait (\d+) seconds before requesting a new code\.$/, (n) => `नयाँ कोड माग्नुअघि कृपया ${digits(n)} सेकेन्ड पर्खनुहोस्।`],
  [/^This phone has received (\d+) codes today\. Please try again tomorrow\.$/, (n) => `यो फोनमा आज ${digits(n)} वटा कोड पठाइसकियो। कृपया भोलि प्रयास गर्नुहोस्।`],
  [/^Thank you for registering\. We have sent a 6-digit code to (\S+)\.$/, (p) => `दर्ता गर्नुभएकोमा धन्यवाद। हामीले ${p} मा ६ अङ्कको कोड पठाएका छौं।`],
  [/^A new code has been sent to (\S+)\.$/, (p) => `${p} मा नयाँ कोड पठाइएको छ।`],
  [
    /^The campaign ended on (\d{4}-\d{2}-\d{2}): registrations and prize draws are closed\. Test rides can still be booked\.$/,
    (d) => `अभियान ${digits(d)} मा सकियो: दर्ता र पुरस्कार चिठ्ठा बन्द छन्। टेस्ट राइड भने अझै बुक गर्न सकिन्छ।`,
  ],
  [/^The request is too large \((.+)\)\.$/, () => 'अनुरोध धेरै ठूलो छ।'],
  // The request budget's other caps (common/http/request-budget.ts, BUDGET_MESSAGES).
  [/^The request has too many fields\b.*\.$/, () => 'अनुरोधमा धेरै फिल्ड छन्।'],
  [/^A field of the request is too long \((.+)\)\.$/, () => 'अनुरोधको एउटा फिल्ड धेरै लामो छ।'],
  [/^The request has too many files \((.+)\)\.$/, () => 'अनुरोधमा धेरै फाइल छन्।'],
  [/^The request has a list that is too long \((.+)\)\.$/, () => 'अनुरोधमा धेरै लामो सूची छ।'],
  [/^The request has too many values \((.+)\)\.$/, () => 'अनुरोधमा धेरै मान छन्।'],
  [/^The request is nested too deeply \((.+)\)\.$/, () => 'अनुरोध धेरै तहसम्म गाँसिएको छ।'],
  // The picture's own limits (modules/file/file-store.ts).
  [/^The image is too large: at most (\d+) megapixels\.$/, (n) => `तस्बिर धेरै ठूलो छ: बढीमा ${digits(n)} मेगापिक्सेल।`],
  [
    /^The image is too large to store even when made smaller \(at most (\d+) MB\)\. Please send a smaller picture\.$/,
    (n) => `सानो बनाउँदा पनि तस्बिर राख्न धेरै ठूलो भयो (बढीमा ${digits(n)} MB)। कृपया सानो तस्बिर पठाउनुहोस्।`,
  ],
];

/** One message in `lang`: itself in English or when it has no Nepali; a trailing help sentence is translated too. */
export function publicMessage(message: string, lang: Lang): string {
  if (lang !== 'ne') return message;
  const help = /^(.*?)( For help, call (.+)\.)$/.exec(message);
  if (help) return `${publicMessage(help[1], lang)} सहयोगका लागि ${help[3].replace(/ or /g, ' वा ')} मा फोन गर्नुहोस्।`;
  if (EXACT[message]) return EXACT[message];
  for (const [shape, say] of SHAPES) {
    const m = shape.exec(message);
    if (m) return say(...m.slice(1));
  }
  return message;
}

/**
 * The language of a public caller, for the page and the API alike: `?lang=`, then the choice
 * the site remembered (the `lang` cookie), then Accept-Language; staff (signed in) read English.
 */
export function publicLang(req: Pick<Request, 'query' | 'headers'>): Lang {
  if (req.headers.authorization) return 'en';
  const header = req.headers['accept-language'];
  const remembered = cookieValue(req.headers.cookie, LANG_COOKIE);
  return pickLang((req.query as Record<string, unknown> | undefined)?.lang, remembered, Array.isArray(header) ? header[0] : header);
}

/** One cookie's value from a Cookie header, or undefined. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, v] = part.trim().split('=');
    if (k === name) return v;
  }
  return undefined;
}

/** An answer's words (`message`, and each field's messages under `errors`) in `lang`. */
export function translateBody<T>(body: T, lang: Lang): T {
  if (lang !== 'ne' || !body || typeof body !== 'object') return body;
  const b = body as { message?: unknown; errors?: unknown };
  const out: Record<string, unknown> = { ...(body as object) };
  if (typeof b.message === 'string') out.message = publicMessage(b.message, lang);
  if (b.errors && typeof b.errors === 'object') {
    out.errors = Object.fromEntries(
      Object.entries(b.errors as Record<string, unknown>).map(([k, v]) => [k, Array.isArray(v) ? v.map((m) => (typeof m === 'string' ? publicMessage(m, lang) : m)) : v]),
    );
  }
  return out as T;
}

/** Puts a public answer's words in the caller's language (the success messages; the exception filter does the errors). */
@Injectable()
export class PublicLanguageInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const lang = publicLang(context.switchToHttp().getRequest<Request>());
    return lang === 'en' ? next.handle() : next.handle().pipe(map((body) => translateBody(body, lang)));
  }
}

/** The public caller's language as a handler parameter: `@VisitorLang() lang: Lang` (what their SMS are written in). */
export const VisitorLang = createParamDecorator((_: unknown, ctx: ExecutionContext): Lang => publicLang(ctx.switchToHttp().getRequest<Request>()));
