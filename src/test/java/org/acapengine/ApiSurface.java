package org.acapengine;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The library's API as compiled: the public and protected types and members of the exported
 * packages ({@link LayeringTest#EXPORTED}), read from {@code target/classes}. Used by {@code
 * ApiSurfaceTest} (the golden text and the check that the API names nothing internal) and {@code
 * ApiCompatibilityTest} (the jar compared with the baseline).
 */
final class ApiSurface {

  static final Path CLASSES = Path.of("target", "classes");

  private ApiSurface() {}

  /** The class files of one exported package (not of its subpackages), relative to target/classes. */
  static List<Path> classFiles(String pkg) {
    Path dir = CLASSES.resolve(pkg.replace('.', '/'));
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(p -> p.toString().endsWith(".class")).map(CLASSES::relativize).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every exported package's class files, package-private ones included, as a jar (for japicmp). */
  static void writeJar(Path jar) throws IOException {
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
      for (String pkg : LayeringTest.exportedPackages()) {
        for (Path f : classFiles(pkg)) {
          JarEntry e = new JarEntry(f.toString().replace('\\', '/'));
          e.setTime(0); // the same bytes for the same classes
          out.putNextEntry(e);
          Files.copy(CLASSES.resolve(f), (OutputStream) out);
          out.closeEntry();
        }
      }
    }
  }

  /** The types a caller can name: public, and nested only in such types (protected nested types too). */
  static List<Class<?>> types() {
    List<Class<?>> out = new ArrayList<>();
    for (String pkg : LayeringTest.exportedPackages()) {
      for (Path f : classFiles(pkg)) {
        String name = f.toString().replace('\\', '/').replace('/', '.');
        name = name.substring(0, name.length() - ".class".length());
        Class<?> c;
        try {
          c = Class.forName(name, false, ApiSurface.class.getClassLoader());
        } catch (ClassNotFoundException e) {
          throw new IllegalStateException(e);
        }
        if (visible(c)) {
          out.add(c);
        }
      }
    }
    out.sort((a, b) -> a.getName().compareTo(b.getName()));
    return out;
  }

  private static boolean visible(Class<?> c) {
    if (c.isAnonymousClass() || c.isLocalClass() || c.isSynthetic()) {
      return false;
    }
    for (Class<?> k = c; k != null; k = k.getEnclosingClass()) {
      int m = k.getModifiers();
      boolean nested = k.getEnclosingClass() != null;
      if (!(Modifier.isPublic(m) || nested && Modifier.isProtected(m))) {
        return false;
      }
    }
    return true;
  }

  /** The surface as text: a line per type, and an indented line per public or protected member. */
  static List<String> lines() {
    List<String> out = new ArrayList<>();
    String pkg = "";
    for (Class<?> c : types()) {
      if (!c.getPackageName().equals(pkg)) {
        pkg = c.getPackageName();
        out.add("package " + pkg);
      }
      out.add("  " + header(c));
      Set<String> members = new TreeSet<>();
      for (Constructor<?> k : c.getDeclaredConstructors()) {
        if (visible(k) && !(c.isEnum())) {
          members.add(k.toGenericString());
        }
      }
      for (Method m : c.getDeclaredMethods()) {
        if (visible(m) && !m.isBridge()) {
          members.add(m.toGenericString().replace(c.getName() + ".", ""));
        }
      }
      for (Field f : c.getDeclaredFields()) {
        if (visible(f)) {
          members.add(f.toGenericString().replace(c.getName() + ".", ""));
        }
      }
      members.forEach(m -> out.add("    " + m));
    }
    return out;
  }

  private static boolean visible(Member m) {
    return !m.isSynthetic() && (Modifier.isPublic(m.getModifiers()) || Modifier.isProtected(m.getModifiers()));
  }

  private static String header(Class<?> c) {
    StringBuilder s = new StringBuilder(c.toGenericString());
    Type sup = c.getGenericSuperclass();
    if (sup != null && sup != Object.class && sup != Record.class && !(c.isEnum() && c.getSuperclass() == Enum.class)) {
      s.append(" extends ").append(sup.getTypeName());
    }
    Type[] interfaces = c.getGenericInterfaces();
    if (interfaces.length > 0) {
      s.append(c.isInterface() ? " extends " : " implements ");
      for (int i = 0; i < interfaces.length; i++) {
        s.append(i == 0 ? "" : ", ").append(interfaces[i].getTypeName());
      }
    }
    if (c.isSealed()) {
      s.append(" permits ");
      Class<?>[] permitted = c.getPermittedSubclasses();
      for (int i = 0; i < permitted.length; i++) {
        s.append(i == 0 ? "" : ", ").append(permitted[i].getName());
      }
    }
    return s.toString();
  }

  private static final Pattern QUALIFIED = Pattern.compile("[A-Za-z_$][\\w$]*(?:\\.[A-Za-z_$][\\w$]*)+");

  /**
   * The types the surface names that a caller could not use or should not see: anything outside
   * the JDK and the exported packages (crawler-commons' types only in the bridge).
   */
  static Set<String> foreignTypes() {
    Set<String> exported = new TreeSet<>(LayeringTest.exportedPackages());
    Set<String> out = new TreeSet<>();
    String pkg = "";
    for (String line : lines()) {
      if (line.startsWith("package ")) {
        pkg = line.substring("package ".length());
        continue;
      }
      Matcher m = QUALIFIED.matcher(line);
      while (m.find()) {
        String type = m.group();
        String typePkg = packageOf(type);
        boolean ok = typePkg.startsWith("java.") || exported.contains(typePkg)
            || typePkg.equals("crawlercommons.robots") && pkg.equals("org.acapengine.compat.crawlercommons");
        if (!ok && !typePkg.isEmpty()) {
          out.add(pkg + ": " + type);
        }
      }
    }
    return out;
  }

  /** The package of a qualified name: the segments before the first one that starts upper-case. */
  static String packageOf(String qualified) {
    String[] parts = qualified.split("\\.");
    StringBuilder p = new StringBuilder();
    for (String part : parts) {
      if (Character.isUpperCase(part.charAt(0))) {
        break;
      }
      p.append(p.length() == 0 ? "" : ".").append(part);
    }
    return p.toString();
  }
}
