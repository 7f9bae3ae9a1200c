// What an operator may not write as a persona (domain/honesty.hpp,
// docs/decisions/0010-honesty-rules.md): phone numbers, email addresses, links and contact apps,
// and proposals to meet, in Hebrew, English and German, with the dodges an operator might try, and
// the everyday chat that must pass.
#include <gtest/gtest.h>

#include "domain/honesty.hpp"
#include "domain/text.hpp"

using namespace kesher::domain;
using honesty::Breach;
using honesty::check_operator_text;
using namespace std::string_literals;

namespace {

std::string name_of(Breach breach) {
  return breach == Breach::none ? "none" : std::string(honesty::breach_code(breach));
}

void expect_breach(Breach expected, const std::string& text) {
  const auto verdict = check_operator_text(text);
  EXPECT_EQ(name_of(verdict.breach), name_of(expected)) << text;
  if (expected != Breach::none) {
    EXPECT_FALSE(verdict.match.empty()) << text;
    EXPECT_LE(verdict.match.size(), honesty::kMaxMatchBytes) << text;
    EXPECT_TRUE(valid_utf8(verdict.match)) << text;
  }
}

void expect_clean(const std::string& text) {
  const auto verdict = check_operator_text(text);
  EXPECT_EQ(name_of(verdict.breach), "none") << text << " flagged at \"" << verdict.match << "\"";
  EXPECT_EQ(verdict.match, "") << text;
}

}  // namespace

TEST(Honesty, BreachCodesAreTheProtocolErrorCodes) {
  EXPECT_EQ(honesty::breach_code(Breach::none), "");
  EXPECT_EQ(honesty::breach_code(Breach::phone), "contact_phone");
  EXPECT_EQ(honesty::breach_code(Breach::email), "contact_email");
  EXPECT_EQ(honesty::breach_code(Breach::url), "contact_url");
  EXPECT_EQ(honesty::breach_code(Breach::meeting), "meeting_arrangement");
}

// ---------------------------------------------------------------------------------------------
// Phone numbers

TEST(Honesty, PhoneNumbersInTheUsualFormats) {
  for (const std::string text : {
           "call me 0521234567",
           "my number: 052-123-4567",
           "052 123 4567",
           "+972 52 123 4567",
           "+972-52-1234567 whatsapp only",
           "(052) 123-4567",
           "03/1234567",
           "0151.2345.6789",
           "+49 151 23456789",
           "555-1234 is my landline",
           "תתקשר אליי 054-7654321",
           "המספר שלי 0547654321 תשלח הודעה",
           "ruf mich an: 0176 12345678",
       }) {
    expect_breach(Breach::phone, text);
  }
}

TEST(Honesty, PhoneNumbersSpacedOutOrInOtherDigits) {
  for (const std::string text : {
           "0 5 2 - 1 2 3 4 5 6 7", "0-5-2-1-2-3-4-5-6-7", "05 21 23 45 67", "0.5.2.1.2.3.4.5.6.7",
           "０５２１２３４５６７",    // fullwidth
           "٠٥٢١٢٣٤٥٦٧",              // Arabic-Indic
           "۰۵۲۱۲۳۴۵۶۷",              // Persian
           "०५२१२३४५६७",              // Devanagari
           "05\u200B2\u200B1234567",  // zero-width spaces inside
           "zero five two 1234567",   // digits spelled out
           "0five2one2three4567",     // interleaved
           "אפס חמש שתיים 1234567", "null eins fünf eins 2345678",
           "①②③④⑤⑥⑦",  // circled digits
       }) {
    expect_breach(Breach::phone, text);
  }
}

TEST(Honesty, ShortNumbersDatesAndAmountsAreNoPhoneNumbers) {
  for (const std::string text : {
           "I'm 29, I have 3 kids and 2 dogs",
           "see you online at 8",
           "I was born in 1995 and moved here in 2019",
           "it cost ₪1500 last year",
           "my birthday is 12.05.1995",
           "on 2024-05-12 I started",
           "I studied there 2015-2019",
           "between 1500 - 2000 shekels",
           "1,500,000 people live here",
           "1.000.000 Dank!",
           "זה עלה 250 שקל והיה שווה כל שקל",
           "נולדתי ב-1996, אני בת 28",
           "Ich bin 34 und wohne seit 2012 in Berlin",
           "20:30 - 22:30 works for chatting",
           "24/7 online 😉",
       }) {
    expect_clean(text);
  }
  // Seven digits with spaces read as a phone number: the price of catching "052 123 4567".
  expect_breach(Breach::phone, "a million is 1 000 000");
}

TEST(Honesty, ThePhoneExcerptIsTheNumberAsWritten) {
  EXPECT_EQ(check_operator_text("call 052-123-4567 tonight").match, "052-123-4567");
  EXPECT_EQ(check_operator_text("x 0 5 2 1 2 3 4 5 6 7 y").match, "0 5 2 1 2 3 4 5 6 7");
  EXPECT_EQ(check_operator_text("٠٥٢١٢٣٤٥٦٧").match, "٠٥٢١٢٣٤٥٦٧");
}

// ---------------------------------------------------------------------------------------------
// Email addresses

TEST(Honesty, EmailAddresses) {
  for (const std::string text : {
           "write to dana@example.com",
           "dana.levi@gmail.com",
           "DANA@GMAIL.COM",
           "dana @ gmail.com",
           "dana@mail.co.il",
           "dana＠example．com",  // fullwidth
           "dana at gmail dot com",
           "dana (at) gmail (dot) com",
           "dana[at]web[dot]de",
           "dana{at}yahoo{dot}com",
           "dana at gmail",
           "dana@gmail",
           "dana ät gmx punkt de",
           "dana(ät)gmx.de",
           "דנה שטרודל ג'ימייל נקודה קום",
           "dana@gmail dot com",
           "d\u200Bana@gm\u00ADail.com",
       }) {
    expect_breach(Breach::email, text);
  }
}

TEST(Honesty, EverydayAtAndDotAreNoEmailAddresses) {
  for (const std::string text : {
           "I'm at home now",
           "look at him. Me too, honestly",
           "at the end of the day. Com on",
           "I'm @ work all day",
           "good at cooking, bad at dancing",
           "Ich bin at work, sorry",
           "נקודה טובה, לא חשבתי על זה",
       }) {
    expect_clean(text);
  }
}

TEST(Honesty, TheEmailExcerptIsTheAddress) {
  EXPECT_EQ(check_operator_text("mail dana.levi@gmail.com now").match, "dana.levi@gmail.com");
  EXPECT_EQ(check_operator_text("so: dana (at) gmail (dot) com!").match,
            "dana (at) gmail (dot) com");
}

// ---------------------------------------------------------------------------------------------
// Links, domains, handles and contact apps

TEST(Honesty, LinksAndDomains) {
  for (const std::string text : {
           "https://example.org/me", "http://x.y", "go to www.example.com", "WWW.EXAMPLE.COM",
           "my site is dana.io", "kesher.co.il", "t.me/dana", "T.me/dana",
           "wa.me/972521234567",  // the digits come first: a phone number
           "link: bit.ly/abc", "dana.de", "linktr.ee? no: linktree.com", "dana dot com",
           "dana punkt de", "דנה דוט קום", "dana . com", "ex\u200Bample.com",
           "exаmple.com",  // Cyrillic а
       }) {
    const Breach expected = text.starts_with("wa.me") ? Breach::phone : Breach::url;
    expect_breach(expected, text);
  }
}

TEST(Honesty, HandlesAndContactApps) {
  for (const std::string text : {
           "find me @dana_levi",
           "add me on whatsapp",
           "WhatsApp?",
           "whats app me",
           "w h a t s a p p",
           "w.h.a.t.s.a.p.p",
           "mywhatsapp is open",
           "telegram me",
           "my insta is dana",
           "follow me on IG",
           "instagram",
           "add me on snap",
           "snapchat: dana",
           "facebook",
           "FB me",
           "tiktok",
           "on signal it's safer",
           "line id: dana",
           "viber",
           "skype later?",
           "zoom call tonight?",
           "facetime me",
           "discord",
           "tinder",
           "onlyfans",
           // he
           "יש לך וואטסאפ?",
           "תשלח לי בווטסאפ",
           "ווטס?",
           "בטלגרם",
           "באינסטגרם שלי",
           "אינסטה",
           "סנאפ",
           "פייסבוק",
           "טיקטוק",
           "בזום",
           // de
           "schreib mir auf WhatsApp",
           "über Signal",
           "bist du auf Insta?",
       }) {
    expect_breach(Breach::url, text);
  }
}

TEST(Honesty, EverydayWordsThatLookLikeAppsOrDomains) {
  for (const std::string text : {
           "oh snap, I forgot",
           "that was a snap decision",
           "drop me a line when you wake up",
           "mixed signals much?",
           "zoom in on my photo, it's the beach",
           "big smile",
           "I'm instantly in a good mood",
           "It was fun.Me too, by the way",
           "I said no.De facto it was yes",
           "See you online.Info: I'm free tonight",
           "What a day.Co-workers were annoying",
           "let's chat more",
           "a website? no idea",
       }) {
    expect_clean(text);
  }
}

// ---------------------------------------------------------------------------------------------
// Meetings

TEST(Honesty, ProposalsToMeetInEnglish) {
  for (const std::string text : {
           "let's meet",
           "Let's finally meet!",
           "lets meet up",
           "LET'S MEET",
           "let’s meet",  // typographic apostrophe
           "we should meet sometime",
           "can we meet tomorrow?",
           "wanna meet?",
           "I'd love to meet you",
           "I'd like to meet you for real",
           "meet me at the station",
           "shall we meet?",
           "how about we meet on Friday",
           "see you at 8",
           "see you tonight 😘",
           "come over to my place",
           "your place or mine?",
           "I can pick you up at 7",
           "date tonight?",
           "grab a coffee together?",
           "coffee together tomorrow",
           "what's your address",
           "where do you live exactly?",
           "we could finally see each other in person",
           "let's m e e t",
           "let's m-e-e-t",
           "l e t s m e e t",
           "let's mееt",  // Cyrillic е
           "let's me\u200Bet",
           "let's me\u00ADet",
           "let's\u00A0meet",
           "let's — meet",
           "let's   meet",
           "let's\nmeet",  // a line break is white space; sentence punctuation ends a phrase
       }) {
    expect_breach(Breach::meeting, text);
  }
}

TEST(Honesty, ChatAboutMeetingIsNotAProposal) {
  for (const std::string text : {
           "nice to meet you!",
           "Nice to meet you too 😊",
           "meeting you here was lovely",
           "I had a meeting at work",
           "where did you meet your ex?",
           "we met online, that's fun",
           "I met a friend yesterday",
           "I live in Haifa, and you?",
           "I love coffee",
           "nice to see you. At 8 I'll be back online",
           "let's chat. Meet my cat: his name is Mitzi",
           "talk to you tomorrow, same time?",
       }) {
    expect_clean(text);
  }
  // "address" is flagged whatever it means: a false positive the operator rephrases.
  expect_breach(Breach::meeting, "address me as Dana");
}

TEST(Honesty, ProposalsToMeetInHebrew) {
  for (const std::string text : {
           "בוא ניפגש",
           "ניפגש מחר?",
           "מתי נפגש?",
           "אולי נפגשים בסוף השבוע",
           "אשמח להיפגש",
           "בא לך להפגש?",
           "שניפגש?",
           "ונקבע משהו",
           "נקבע למחר?",
           "נתראה מחר",
           "בוא נצא הערב",
           "רוצה לצאת איתי?",
           "נצא לדייט?",
           "תבוא אליי הביתה",
           "בואי אלי",
           "נשב אצלי בבית",
           "אאסוף אותך בשמונה",
           "מה הכתובת שלך?",
           "איפה את גרה?",
           "איפה אתה גר בדיוק?",
           "נשתה קפה ביחד?",
           "נשתה קפה מחר",
           "פנים מול פנים זה אחרת",
           "בוא נִפָּגֵשׁ",         // with niqqud
           "בוא ני\u200Bפגש",  // zero-width space
           "בוא נ י פ ג ש",    // spaced out
           "ניפגש\u200F?",     // right-to-left mark
       }) {
    expect_breach(Breach::meeting, text);
  }
}

TEST(Honesty, HebrewChatThatIsNotAProposal) {
  for (const std::string text : {
           "מה אצלך?",
           "אצלי הכל טוב, תודה",
           "נעים מאוד להכיר",
           "נעים להכיר אותך",
           "היה לי יום ארוך בעבודה",
           "אני אוהבת קפה",
           "אני גרה בצפון",
           "ספר לי עוד עלייך",
           "איפה עבדת לפני?",
           "מה התוכניות שלך לסופ\"ש?",
       }) {
    expect_clean(text);
  }
}

TEST(Honesty, ProposalsToMeetInGerman) {
  for (const std::string text : {
           "Wir treffen uns morgen?",
           "Treffen wir uns?",
           "Lass uns treffen",
           "lass uns mal treffen",
           "wollen wir uns morgen treffen?",
           "Ich will dich treffen",
           "Wann sehen wir uns?",
           "wir sehen uns am Samstag",
           "komm zu mir",
           "bei mir zu Hause ist es gemütlich",
           "zu mir nach Hause",
           "Ich hole dich um 8 ab",
           "ich kann dich abholen",
           "Wie ist deine Adresse?",
           "Wo wohnst du?",
           "wo genau wohnst du?",
           "Date heute?",
           "auf einen Kaffee?",
           "Lust auf ein Date?",
           "mit mir ausgehen?",
           "TREFFEN WIR UNS",
           "w i r  t r e f f e n  u n s",
       }) {
    expect_breach(Breach::meeting, text);
  }
}

TEST(Honesty, GermanChatThatIsNotAProposal) {
  for (const std::string text : {
           "Freut mich, dich kennenzulernen",
           "schön, dich hier zu treffen",
           "Wie läuft's bei dir?",
           "bei mir ist alles gut",
           "ich habe heute Freunde getroffen",
           "Ich trinke gern Kaffee",
           "Ich wohne in Berlin, und du?",
           "ich muss mein Paket abholen",
       }) {
    expect_clean(text);
  }
}

// ---------------------------------------------------------------------------------------------
// Priority, excerpts, hostile input

TEST(Honesty, TheFirstBreachByPriorityWins) {
  const std::string all = "let's meet, dana@gmail.com, www.dana.io, 0521234567";
  EXPECT_EQ(check_operator_text(all).breach, Breach::phone);
  EXPECT_EQ(check_operator_text("let's meet, www.dana.io, dana@gmail.com").breach, Breach::email);
  EXPECT_EQ(check_operator_text("let's meet at www.dana.io").breach, Breach::url);
  const auto meeting = check_operator_text("so... let's finally meet, ok?");
  EXPECT_EQ(meeting.breach, Breach::meeting);
  EXPECT_EQ(meeting.match, "let's finally meet");
  // Within one kind, the earliest.
  EXPECT_EQ(check_operator_text("come over, or let's meet").match, "come over");
}

TEST(Honesty, ExcerptsAreShortValidUtf8FromTheText) {
  const std::string long_number = "0" + std::string(200, '5');
  const auto phone = check_operator_text(long_number);
  EXPECT_EQ(phone.breach, Breach::phone);
  EXPECT_EQ(phone.match, long_number.substr(0, honesty::kMaxMatchBytes));

  std::string hebrew_digits;  // 2 bytes each: the cut falls between characters
  for (int i = 0; i < 60; ++i) hebrew_digits += "٥ ";
  const auto cut = check_operator_text(hebrew_digits);
  EXPECT_EQ(cut.breach, Breach::phone);
  EXPECT_LE(cut.match.size(), honesty::kMaxMatchBytes);
  EXPECT_TRUE(valid_utf8(cut.match));
  EXPECT_EQ(hebrew_digits.find(cut.match), 0u);

  EXPECT_EQ(check_operator_text("בוא ני\u200Bפגש").match, "ני\u200Bפגש");
}

TEST(Honesty, HostileInputNeverBreaksTheCheck) {
  expect_clean("");
  expect_clean(" ");
  expect_clean("\0\0\0"s);
  expect_clean("\xff\xfe\xc0\xaf");
  // An ill-formed byte ends a run of digits; eight digits follow it.
  expect_breach(Breach::phone,
                "05\xff"
                "21234567");
  expect_breach(Breach::meeting, "let's\xff meet");
  expect_breach(Breach::email, "dana@gmail.com\xed\xa0\x80");
  expect_clean(std::string(100'000, '@'));
  expect_clean(std::string(100'000, '.'));
  expect_clean(std::string(100'000, 'a'));
  std::string letters;
  for (int i = 0; i < 20'000; ++i) letters += "a ";
  expect_clean(letters);
  std::string words;
  for (int i = 0; i < 5'000; ++i) words += "let's ";
  expect_clean(words);
  std::string marks = "m";
  for (int i = 0; i < 10'000; ++i) marks += "\u0301";
  expect_clean(marks);
}
