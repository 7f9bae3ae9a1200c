// The sandbox checkout page: plain server-rendered HTML with an external stylesheet (the CSP
// allows no inline styles or scripts), in Hebrew, English and German.
#include <array>

#include "domain/money.hpp"
#include "domain/text.hpp"
#include "payments/sandbox.hpp"

namespace kesher::payments {

namespace {

struct Texts {
  std::string_view lang, dir;
  std::string_view title, test_mode, test_cards, succeeds, declined_card, fails_later;
  std::string_view pay_to, credits, bonus, premium_months, premium_month, no_renewal;
  std::string_view card_number, expiry, expiry_hint, cvc, name, pay;
  std::string_view bad_number, bad_expiry, bad_cvc, bad_name, declined;
  std::string_view closed, paid, secured;
};

constexpr Texts kHebrew{
    "he",
    "rtl",
    "תשלום מאובטח",
    "מצב בדיקה",
    "כרטיסי בדיקה:",
    "מצליח",
    "נדחה",
    "נכשל אחרי המתנה",
    "תשלום ל־Kesher",
    "קרדיטים",
    "בונוס",
    "פרימיום ל־{} חודשים",
    "פרימיום לחודש אחד",
    "חד־פעמי: לא מתחדש אוטומטית.",
    "מספר כרטיס",
    "תוקף",
    "חח/שש",
    "CVC",
    "שם בעל הכרטיס",
    "לתשלום",
    "מספר הכרטיס אינו תקין.",
    "תוקף הכרטיס אינו תקין.",
    "קוד ה־CVC אינו תקין.",
    "נא למלא את שם בעל הכרטיס.",
    "הכרטיס נדחה. לא בוצע חיוב; אפשר לנסות כרטיס אחר.",
    "ההזמנה הזאת כבר אינה פתוחה לתשלום.",
    "ההזמנה הזאת כבר שולמה. תודה!",
    "הפרטים נשלחים בחיבור מוצפן. זהו ספק הבדיקה של Kesher: לא מתבצע חיוב אמיתי."};

constexpr Texts kEnglish{
    "en",
    "ltr",
    "Secure checkout",
    "Test mode",
    "Test cards:",
    "succeeds",
    "declined",
    "fails after a delay",
    "Pay Kesher",
    "credits",
    "bonus",
    "Premium for {} months",
    "Premium for 1 month",
    "One-time payment: nothing renews automatically.",
    "Card number",
    "Expiry",
    "MM/YY",
    "CVC",
    "Name on card",
    "Pay",
    "That card number is not valid.",
    "That expiry date is not valid.",
    "That CVC is not valid.",
    "Please enter the name on the card.",
    "Your card was declined. You were not charged; you can try another card.",
    "This order is no longer open for payment.",
    "This order is paid. Thank you!",
    "Details are sent over an encrypted connection. This is Kesher's test processor: no real "
    "money moves."};

constexpr Texts kGerman{
    "de",
    "ltr",
    "Sichere Zahlung",
    "Testmodus",
    "Testkarten:",
    "erfolgreich",
    "abgelehnt",
    "scheitert nach einer Wartezeit",
    "Zahlung an Kesher",
    "Credits",
    "Bonus",
    "Premium für {} Monate",
    "Premium für 1 Monat",
    "Einmalzahlung: Es verlängert sich nichts automatisch.",
    "Kartennummer",
    "Gültig bis",
    "MM/JJ",
    "Prüfnummer (CVC)",
    "Name auf der Karte",
    "Bezahlen",
    "Diese Kartennummer ist ungültig.",
    "Dieses Ablaufdatum ist ungültig.",
    "Diese Prüfnummer ist ungültig.",
    "Bitte den Namen auf der Karte eingeben.",
    "Die Karte wurde abgelehnt. Es wurde nichts belastet; Sie können eine andere Karte versuchen.",
    "Diese Bestellung kann nicht mehr bezahlt werden.",
    "Diese Bestellung ist bezahlt. Vielen Dank!",
    "Die Daten werden verschlüsselt übertragen. Dies ist der Testanbieter von Kesher: Es fließt "
    "kein echtes Geld."};

const Texts& texts_for(std::string_view language) {
  if (language == "he") return kHebrew;
  if (language == "de") return kGerman;
  return kEnglish;
}

// 1234567 → "1,234,567" (German: "1.234.567").
std::string grouped(int64_t value, char separator) {
  std::string digits = std::to_string(value);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += separator;
    out += digits[i];
  }
  return out;
}

std::string money(int64_t minor, std::string_view currency, std::string_view language) {
  bool german = language == "de";
  std::string amount = grouped(minor / 100, german ? '.' : ',') + (german ? "," : ".") +
                       (minor % 100 < 10 ? "0" : "") + std::to_string(minor % 100);
  std::string_view symbol = currency == "ILS" ? "₪" : "$";
  if (language == "en") return std::string(symbol) + amount;
  return amount + "\u00a0" + std::string(symbol);
}

std::string replace_count(std::string_view pattern, int value) {
  std::string text(pattern);
  size_t at = text.find("{}");
  if (at != std::string::npos) text.replace(at, 2, std::to_string(value));
  return text;
}

std::string_view problem_text(const Texts& t, CardProblem problem) {
  switch (problem) {
    case CardProblem::number:
      return t.bad_number;
    case CardProblem::expiry:
      return t.bad_expiry;
    case CardProblem::cvc:
      return t.bad_cvc;
    case CardProblem::name:
      return t.bad_name;
    case CardProblem::none:
      break;
  }
  return {};
}

constexpr std::string_view kLock =
    "<svg class=\"lock\" viewBox=\"0 0 24 24\" aria-hidden=\"true\"><path d=\"M7 10V7a5 5 0 0 1 "
    "10 0v3h1a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h1zm2 0h6V7a3 3 0 0 "
    "0-6 0v3z\"/></svg>";

}  // namespace

std::string render_checkout(const CheckoutPage& page) {
  const Texts& t = texts_for(page.language);
  std::string amount = money(page.amount_minor, page.currency, t.lang);
  char separator = t.lang == "de" ? '.' : ',';
  std::string item;
  if (page.kind == "credits") {
    item = grouped(page.credits, separator) + " " + std::string(t.credits);
    if (page.bonus > 0) item += " + " + grouped(page.bonus, separator) + " " + std::string(t.bonus);
  } else {
    item = page.months == 1 ? std::string(t.premium_month)
                            : replace_count(t.premium_months, page.months);
  }
  std::string html;
  html += "<!doctype html><html lang=\"" + std::string(t.lang) + "\" dir=\"" + std::string(t.dir) +
          "\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" "
          "content=\"width=device-width,initial-scale=1\"><title>" +
          std::string(t.title) + " · Kesher</title><link rel=\"stylesheet\" href=\"" +
          std::string(kCheckoutStylesheet) + "\"></head><body><main class=\"checkout\">";
  html += "<header><div class=\"merchant\"><span class=\"logo\" aria-hidden=\"true\">K</span>" +
          std::string(t.pay_to) + "</div><span class=\"badge\">" + std::string(t.test_mode) +
          "</span></header>";
  html += "<section class=\"summary\"><div class=\"item\">" + domain::escape_html(item) +
          "</div><div class=\"amount\" data-testid=\"amount\">" + amount + "</div>";
  if (page.kind == "premium") html += "<p class=\"note\">" + std::string(t.no_renewal) + "</p>";
  html += "</section>";
  if (page.state == "paid") {
    html += "<p class=\"message ok\" role=\"status\">" + std::string(t.paid) + "</p>";
  } else if (page.state != "created") {
    html += "<p class=\"message error\" role=\"alert\">" + std::string(t.closed) + "</p>";
  } else {
    if (page.declined) {
      html += "<p class=\"message error\" role=\"alert\">" + std::string(t.declined) + "</p>";
    } else if (page.problem != CardProblem::none) {
      html += "<p class=\"message error\" role=\"alert\">" +
              std::string(problem_text(t, page.problem)) + "</p>";
    }
    html += "<form method=\"post\" action=\"" + std::string(kPayPrefix) +
            domain::escape_html(page.order_id) + "\" autocomplete=\"on\">";
    html += "<label>" + std::string(t.card_number) +
            "<input name=\"number\" dir=\"ltr\" inputmode=\"numeric\" autocomplete=\"cc-number\" "
            "placeholder=\"1234 1234 1234 1234\" maxlength=\"23\" required></label>";
    html += "<div class=\"row\"><label>" + std::string(t.expiry) +
            "<input name=\"expiry\" dir=\"ltr\" inputmode=\"numeric\" autocomplete=\"cc-exp\" "
            "placeholder=\"" +
            std::string(t.expiry_hint) + "\" maxlength=\"7\" required></label><label>" +
            std::string(t.cvc) +
            "<input name=\"cvc\" dir=\"ltr\" inputmode=\"numeric\" autocomplete=\"cc-csc\" "
            "placeholder=\"123\" maxlength=\"4\" required></label></div>";
    html += "<label>" + std::string(t.name) +
            "<input name=\"name\" autocomplete=\"cc-name\" maxlength=\"100\" value=\"" +
            domain::escape_html(page.name) + "\" required></label>";
    html += "<button type=\"submit\">" + std::string(kLock) + std::string(t.pay) + " " + amount +
            "</button></form>";
  }
  html += "<footer><p>" + std::string(kLock) + std::string(t.secured) + "</p><p class=\"cards\">" +
          std::string(t.test_cards) + " <span dir=\"ltr\">4242 4242 4242 4242</span> " +
          std::string(t.succeeds) + " · <span dir=\"ltr\">4000 0000 0000 0002</span> " +
          std::string(t.declined_card) + " · <span dir=\"ltr\">4000 0000 0000 0119</span> " +
          std::string(t.fails_later) + "</p></footer></main></body></html>";
  return html;
}

std::string_view checkout_stylesheet() {
  return R"css(:root{color-scheme:light;--ink:#1a1f36;--muted:#697386;--line:#e3e8ee;--accent:#5b4bdb;--error:#c0262d;--ok:#0e7c4a}
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Hebrew",Arial,sans-serif;color:var(--ink);background:#f6f8fb}
.checkout{max-inline-size:26rem;margin-inline:auto;margin-block:1.5rem;padding:1.5rem;background:#fff;border:1px solid var(--line);border-radius:12px;box-shadow:0 8px 24px rgba(26,31,54,.08)}
header{display:flex;justify-content:space-between;align-items:center;gap:.75rem;margin-block-end:1rem}
.merchant{display:flex;align-items:center;gap:.5rem;font-weight:600}
.logo{display:inline-grid;place-items:center;inline-size:2rem;block-size:2rem;border-radius:8px;background:var(--accent);color:#fff;font-weight:700}
.badge{font-size:.75rem;font-weight:600;padding-block:.15rem;padding-inline:.5rem;border-radius:999px;background:#fff4e5;color:#8a4b00;border:1px solid #f5d4a3}
.summary{padding-block:1rem;border-block:1px solid var(--line);margin-block-end:1rem}
.item{color:var(--muted)}
.amount{font-size:2rem;font-weight:700;letter-spacing:-.01em}
.note{margin:0;margin-block-start:.25rem;font-size:.85rem;color:var(--muted)}
form{display:grid;gap:.85rem}
label{display:grid;gap:.3rem;font-size:.85rem;font-weight:600;color:#3c4257}
input{font:inherit;font-weight:400;padding:.65rem .75rem;border:1px solid #cfd7df;border-radius:8px;background:#fff;color:var(--ink);inline-size:100%}
input:focus{outline:2px solid rgba(91,75,219,.35);border-color:var(--accent)}
.row{display:grid;grid-template-columns:1fr 1fr;gap:.85rem}
button{display:flex;justify-content:center;align-items:center;gap:.5rem;font:inherit;font-weight:600;padding:.8rem;border:0;border-radius:8px;background:var(--accent);color:#fff;cursor:pointer}
button:hover{filter:brightness(1.08)}
button .lock{fill:#fff}
.lock{inline-size:1rem;block-size:1rem;fill:var(--muted);flex:none;vertical-align:-.15em;margin-inline-end:.25rem}
.message{padding:.75rem;border-radius:8px;margin-block:0 1rem}
.error{background:#fdecea;color:var(--error)}
.ok{background:#e6f6ee;color:var(--ok)}
footer{margin-block-start:1.25rem;font-size:.8rem;color:var(--muted)}
footer p{margin-block:.35rem}
)css";
}

}  // namespace kesher::payments
