package org.acapengine.adapters.scorpion;

import java.util.Optional;

/**
 * Why a crawl policy file is not understood for a crawler, which then "should not proceed with
 * crawling" (scorpion-protocol.txt, "Automated crawling", bit 5 rule).
 *
 * @param line the first effective line with bit 5 clear that is not understood; empty when the
 *     file was over the size limit
 * @param reason what is wrong with it
 */
public record NotUnderstood(Optional<ScorpionLine> line, String reason) {}
