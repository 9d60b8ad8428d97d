/**
 * Words of the generated huge history: plain English so full-text search (and its stemming)
 * is measured on real words. The benchmark searches for `COMMON_WORD`, `RARE_WORD` (about one
 * message in ten thousand) and `ABSENT_WORD` (in no message).
 */
export const VOCABULARY: readonly string[] = (
  "account action answer april archive article backup balance banner battery benchmark birthday " +
  "branch browser budget bug build button cache calendar camera campaign chart checklist client " +
  "cluster coffee comment commit config contract coverage customer dashboard database deadline " +
  "demo deploy design desk device diagram dinner document domain draft driver email engine error " +
  "estimate event export feature feedback field filter finance folder font forecast form garden " +
  "gateway graph guide hardware header holiday hotfix icon image incident index inbox install " +
  "invoice issue kernel keyboard label laptop layout library license lunch manual market meeting " +
  "memory menu metric migration mobile module monitor network notebook office onboarding " +
  "outage package palette parser partner patch payment pipeline plan platform plugin policy " +
  "printer priority process profile project prototype proxy query queue quota release report " +
  "request research review roadmap router sample schedule schema screen script search server " +
  "session sidebar signal sketch snapshot socket sprint storage summary support survey switch " +
  "syntax ticket timeline token training travel upgrade upload vendor version video wallet " +
  "warning webhook website widget window workflow workshop"
).split(" ");

export const TOPIC_WORDS: readonly string[] = (
  "alpha beacon cedar delta ember falcon garnet harbor island juniper kestrel lagoon meadow " +
  "nectar orchid pepper quartz raven saffron tundra umber velvet willow xenon yarrow zephyr"
).split(" ");

/** A word in many messages. */
export const COMMON_WORD = "release";
/** A word in about one message in ten thousand (every `RARE_EVERY`-th). */
export const RARE_WORD = "quokka";
export const RARE_EVERY = 10_007;
/** A word in no message. */
export const ABSENT_WORD = "zyzzyvaqx";
/** A phrase many messages hold word for word. */
export const COMMON_PHRASE = "looks good to me";
