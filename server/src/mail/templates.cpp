#include "mail/templates.hpp"

namespace kesher::mail {

namespace {

struct Template {
  std::string_view subject;
  std::string_view greeting;  // followed by the name
  std::string_view body;      // followed by the link
  std::string_view footer;
};

const Template& pick(std::string_view language, const Template& he, const Template& en,
                     const Template& de) {
  if (language == "en") return en;
  if (language == "de") return de;
  return he;
}

Mail render(const std::string& to, const Template& t, const std::string& name,
            const std::string& link) {
  std::string text;
  text.append(t.greeting).append(name).append(",\r\n\r\n");
  text.append(t.body).append("\r\n").append(link).append("\r\n\r\n").append(t.footer);
  return Mail{to, std::string(t.subject), std::move(text)};
}

}  // namespace

Mail verification_mail(const std::string& to, std::string_view language, const std::string& name,
                       const std::string& link) {
  static const Template he{"ברוכים הבאים לקשר – אמתו את כתובת האימייל", "שלום ",
                           "כדי לאמת את כתובת האימייל שלך, לחצו על הקישור:", "צוות קשר"};
  static const Template en{"Welcome to Kesher – please confirm your email", "Hi ",
                           "To confirm your email address, open this link:", "The Kesher team"};
  static const Template de{
      "Willkommen bei Kesher – bitte bestätige deine E-Mail-Adresse", "Hallo ",
      "Um deine E-Mail-Adresse zu bestätigen, öffne diesen Link:", "Dein Kesher-Team"};
  return render(to, pick(language, he, en, de), name, link);
}

Mail reset_mail(const std::string& to, std::string_view language, const std::string& name,
                const std::string& link) {
  static const Template he{"איפוס הסיסמה שלך בקשר", "שלום ",
                           "ביקשת לאפס את הסיסמה. הקישור תקף לשעה אחת ולשימוש חד־פעמי:",
                           "אם לא ביקשת איפוס, אפשר להתעלם מהודעה זו.\r\nצוות קשר"};
  static const Template en{
      "Reset your Kesher password", "Hi ",
      "You asked to reset your password. This link works once, for one hour:",
      "If you didn't ask for this, you can ignore this email.\r\nThe Kesher team"};
  static const Template de{"Setze dein Kesher-Passwort zurück", "Hallo ",
                           "Du möchtest dein Passwort zurücksetzen. Dieser Link gilt einmalig und "
                           "eine Stunde lang:",
                           "Wenn du das nicht angefordert hast, ignoriere diese E-Mail einfach.\r\n"
                           "Dein Kesher-Team"};
  return render(to, pick(language, he, en, de), name, link);
}

}  // namespace kesher::mail
