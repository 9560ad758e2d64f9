package org.acapengine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The library jar relocates Guava, Jackson and Caffeine (pom.xml, shade execution "library"), so
 * none of their types may appear in a signature a caller can use: a relocated type in the API
 * would tie callers to our private copy. This walks every compiled class and checks each public
 * or protected member of each accessible type, its supertypes and type parameters.
 *
 * <p>Not API, and so not checked: {@code org.acapengine.internal..} (shared plumbing, such as the
 * configured Jackson mapper), {@code org.acapengine.cli} (the command line; picocli is not even
 * on a library caller's class path) and the generated parser ({@code parse.grammar}).
 */
class RelocatedTypesTest {

  static final List<String> RELOCATED = List.of("com.google.common.", "com.google.thirdparty.", "com.fasterxml.jackson.",
      "com.github.benmanes.caffeine.", "org.antlr.");
  static final List<String> NOT_API = List.of("org.acapengine.internal.", "org.acapengine.cli.", "org.acapengine.parse.grammar.");
  static final Path CLASSES = Path.of("target", "classes");

  @Test
  void noAccessibleSignatureNamesARelocatedType() throws IOException {
    List<String> found = new ArrayList<>();
    int checked = 0;
    for (String name : classNames()) {
      if (NOT_API.stream().anyMatch(name::startsWith)) {
        continue;
      }
      Class<?> c;
      try {
        c = Class.forName(name, false, getClass().getClassLoader());
      } catch (ClassNotFoundException | LinkageError e) {
        throw new AssertionError("cannot load " + name, e);
      }
      if (!accessible(c)) {
        continue;
      }
      checked++;
      check(c.getName() + " extends", c.getGenericSuperclass(), found);
      for (Type t : c.getGenericInterfaces()) {
        check(c.getName() + " implements", t, found);
      }
      for (Field f : c.getDeclaredFields()) {
        if (visible(f.getModifiers())) {
          check(c.getName() + "." + f.getName(), f.getGenericType(), found);
        }
      }
      for (Method m : c.getDeclaredMethods()) {
        if (visible(m.getModifiers()) && !m.isSynthetic()) {
          checkExecutable(c.getName() + "." + m.getName(), m, found);
          check(c.getName() + "." + m.getName() + " returns", m.getGenericReturnType(), found);
        }
      }
      for (Constructor<?> k : c.getDeclaredConstructors()) {
        if (visible(k.getModifiers()) && !k.isSynthetic()) {
          checkExecutable(c.getName() + ".<init>", k, found);
        }
      }
    }
    assertThat(checked).as("API types checked").isGreaterThan(100);
    assertThat(found).as("signatures naming a relocated type").isEmpty();
  }

  private static void checkExecutable(String where, Executable e, List<String> found) {
    for (Type t : e.getGenericParameterTypes()) {
      check(where + " parameter", t, found);
    }
    for (Type t : e.getGenericExceptionTypes()) {
      check(where + " throws", t, found);
    }
  }

  private static void check(String where, Type t, List<String> found) {
    if (t == null) {
      return;
    }
    String name = t.getTypeName();
    for (String prefix : RELOCATED) {
      if (name.contains(prefix)) {
        found.add(where + ": " + name);
        return;
      }
    }
  }

  /** A public type whose enclosing types are public too. */
  private static boolean accessible(Class<?> c) {
    for (Class<?> k = c; k != null; k = k.getEnclosingClass()) {
      if (!Modifier.isPublic(k.getModifiers()) || k.isAnonymousClass() || k.isLocalClass()) {
        return false;
      }
    }
    return true;
  }

  private static boolean visible(int modifiers) {
    return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
  }

  private static List<String> classNames() throws IOException {
    try (Stream<Path> files = Files.walk(CLASSES)) {
      return files.filter(p -> p.toString().endsWith(".class"))
          .map(p -> CLASSES.relativize(p).toString().replace('/', '.').replace('\\', '.'))
          .map(n -> n.substring(0, n.length() - ".class".length()))
          .filter(n -> n.startsWith("org.acapengine."))
          .sorted()
          .toList();
    }
  }
}
