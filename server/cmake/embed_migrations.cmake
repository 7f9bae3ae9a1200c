# Writes a C++ source holding every migration file of DIR, ordered by name, into OUT, as the
# function FUNCTION (migrations or postgres_migrations).
file(GLOB files ${DIR}/*.sql)
list(SORT files)
set(body "#include \"store/migrations.hpp\"\nnamespace kesher::store {\nconst std::vector<Migration>& ${FUNCTION}() {\n  static const std::vector<Migration> all = {\n")
foreach(f ${files})
  get_filename_component(name ${f} NAME_WE)
  file(READ ${f} sql)
  string(APPEND body "    {\"${name}\", R\"kesher_sql(${sql})kesher_sql\"},\n")
endforeach()
string(APPEND body "  };\n  return all;\n}\n}  // namespace kesher::store\n")
file(WRITE ${OUT}.tmp "${body}")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
