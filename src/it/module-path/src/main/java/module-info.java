module example.modulepath {
  requires org.acapengine;
  requires jdk.httpserver;

  exports example.modulepath;
}
