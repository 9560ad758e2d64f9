package org.acapengine.spark;

import org.apache.spark.sql.SparkSession;

/** The local Spark session a test class shares: two cores, few shuffle partitions, no UI. */
final class SparkSessions {

  private SparkSessions() {}

  static SparkSession local(int cores, int shufflePartitions) {
    SparkSession s = SparkSession.builder()
        .master("local[" + cores + "]")
        .appName("acap-spark-test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", String.valueOf(shufflePartitions))
        .config("spark.sql.adaptive.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.session.timeZone", "UTC")
        .getOrCreate();
    s.sparkContext().setLogLevel("WARN");
    return s;
  }
}
