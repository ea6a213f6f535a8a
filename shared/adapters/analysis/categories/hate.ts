import type { CategoryLexicon } from './lexicon';

/**
 * Groups named as a whole (plural or the generic singular). A history lesson names them too, so a
 * group after an article (`os judeus foram perseguidos`) is not read as a generalisation.
 */
const groupNames =
  '(negr[oa](?! (e|eh) (a )?cor)|nordestin\\w*|baian[oa]s?|paraibas?|negr[oa]s|pretos|pretas|favelad[oa]s?|gays?|viad[oa]s|bichas|sapatoes|sapatao|lesbicas|travestis|travecos?|boiolas|trans|judeus|judias?|judeu|muculman[oa]s?|crentes?|evangelic[oa]s?|macumbeir[oa]s?|feministas?|autistas?|surd[oa]s?|cadeirantes?|deficientes?|haitian[oa]s?|venezuelan[oa]s?|bolivian[oa]s?|chines(es|as)?|chinesada|imigrantes?|refugiad[oa]s?|gringos?|indios?|ciganos?' +
  '|jews|blacks|black (people|ppl)|muslims|mexicans|immigrants|gays|gay (people|ppl)|trans (people|ppl)|asians|arabs|refugees)';
const group = `(?<!(os|as|dos|das|aos|pelos|pelas|contra|com|sobre|the|of|buraco|humor|mercado|lista|cabelo|carro|vestido|gato|cafe) )${groupNames}`;

/** What a generalisation calls a group. */
const slight =
  '(burr[oa]s?|lerd[oa]s?|preguicos[oa]s?|vagabund[oa]s?|ladr(ao|oes|ona)|bandid[oa]s?|terroristas?|doid[oa]s?|louc[oa]s?|doentes?|nojent[oa]s?|imund[oa]s?|fedid[oa]s?|fedem|sujos?|suja|sujam|roubam|inferior(es)?|atrasad[oa]s?|criminos[oa]s?|hipocritas?|lixo|praga|aberrac\\w*|macac\\w*|uma doenca' +
  '|criminals|terrorists|stupid|dumb|disgusting|lazy|thieves|dirty|animals|trash|inferior|less (smart|intelligent|human)|a disease|mentally ill|a mental illness)';

/** hate: slurs and dehumanising statements against groups. */
export const hate: CategoryLexicon = {
  rules: [
    {
      severity: 'high',
      confidence: 0.85,
      patterns: [
        'morte aos? (gays|negros|judeus|nordestinos|imigrantes|trans)',
        '(negros|judeus|gays|nordestinos) (devem|deveriam|merecem) morrer',
        'death to (gays|jews|blacks|muslims|immigrants)',
        '(gays|jews|blacks|muslims|immigrants) (should|must|deserve to) die',
        'heil hitler|sieg heil|white power',
        // A group to be wiped out, or someone who should not exist (not oneself: that is self-harm).
        `${group}( \\w+){0,6} (sumir|morrer|exterminad\\w*|eliminad\\w*|expuls\\w*|corrigid\\w*|curad\\w*|apanhar|ser (proibid\\w*|pres\\w*)|(be|get) (beaten|shot|killed|hanged|deported|locked up)|die|disappear)`,
        '(?<!(eu|i|me|eu nem|i just) )(proibid[oa] (de )?existir|nao (devia|deveria|deviam|deveriam|merece|merecem) (nem )?existir)',
        '(?<!(i|me) )(shouldn t|should not|don t deserve to|dont deserve to) (exist|be alive|live)',
        'passar o rodo (n(esses|essas|essa gente|eles|elas)|em (todos|todo))|exterminar (os|as|esses|essas|todos)',
        'hitler (tava|estava|tinha|was) (certo|razao|right)',
        // Beating someone into a man.
        '(apanh\\w*|porrada|tapa|tapas|surra|soco|socos|pancada)( \\w+){0,5} (ser|virar|vira|aprender a ser) homem|(ser|virar|vira) homem( \\w+){0,3} (na|no|de) (porrada|tapa|pancada|soco)',
        `(trans|gay|gays|ser gay|ser trans|being gay|being trans|homossexualidade)( \\w+){0,3} (e|eh|is) (uma )?(doenca|a (mental )?(illness|disease)|mental illness)`,
        '(?:seu|sua) macac[ao]|macac[ao] (?:burr[ao]|imund[ao])|volta pra (?:senzala|floresta)|m caco|(?:nao sao|nao e) gente|sao (?:bichos?|uma praga|animais)|(?:are|re) animals|raca inferior|(?:nazismo|hitler|nazistas?) (?:tava|tinha|estava) (?:certo|razao)|white power',
        '(?:tinha|tinham|tem|devia|deviam) (?:q|que|de) (?:matar|eliminar|exterminar|expulsar|limpar|acabar com)( \\w+){0,3} (?:todos|todas|a raca|eles|elas)|tem q eliminar|ca[cç]ar (?:gays?|viados?|travecos?|negros?|pretos?)|(?:escola|lugar|pais) (?:e|eh) (?:so )?pra brancos?',
        '(?:tinha|tinham) (?:q|que) ter (?:acabado com|matado) (?:todos|todas|eles|elas|essa raca)|(?:explodir|queimar|tacar fogo)( \\w+){0,3} com (?:eles|elas) dentro|(?:go there|let s go) and hurt',
      ],
    },
    {
      severity: 'medium',
      confidence: 0.7,
      patterns: [
        'raca inferior|volta (pra|para) (sua|tua) terra|macaco imundo',
        'inferior race|go back to (your|ur) (own )?country',
        'faggot|nigger|tranny',
        // A generalisation: a group and what it is said to be.
        `${group}( \\w+){0,3} ${slight}`,
        `(todo|todos os|todas as|all|every|all the) ${group}( \\w+){0,2} (e|sao|are|is)`,
        `(odeio|odiamos|detesto|nojo de|i hate|hate|can t stand) (todo |todos os |todas as |os |as |esses |essas |all )?${groupNames}`,
        `${group} bom (e|eh) ${group}? ?(morto|longe|mort[oa]|la longe)`,
        '(gente|raca|povo|racas|povos) inferior(es)?|(inferior|lesser) (race|people)|sub ?humanos?|subhumans?',
        '(volta|voltem|vai embora|go back) (pra|pro|para|para o|para a|to) (sua|seu|tua|teu|your|ur) (terra|pais|country)|volta (pra|pro) (bolivia|africa|angola|haiti|venezuela|china|nordeste|senzala|favela|paraguai)|go back to (africa|mexico|china)',
        `aqui nao (e|eh) lugar (de|pra|para) ${group}|(gente|coisa) (da|de) (tua|sua|essa|dessa) raca|coisa de (preto|negro|macaco|favelado|baiano|nordestino|paraiba|viado|bicha)`,
        '(judeus|jews) (control|controlam|mandam|dominam|run)',
        '(grupo|escola|sala|festa|time) so (de|pra|para) brancos|whites only|white only',
        '(religiao|igreja|terreiro|macumba|umbanda|candomble)( \\w+){0,3} (coisa do (diabo|demonio|capeta)|seita)',
        '(mulher|mulheres|menina|meninas|garota|garotas)( \\w+)? (nao|n) (tem capacidade|serve (pra|para)|presta|deviam votar|devia votar)|tirar o voto (delas|das mulheres)',
        '(gente|pessoas?) (assim|desse tipo|como (ele|ela|eles|elas)) (nem )?(devia|deveria|deviam|nao devia)|people like (you|u|them|that) (shouldn t|should not|don t belong)',
        '\\br tard\\w*|retards?',
        '(?:nordestino|baiano|paraibano|preto|negro|judeu|muculmano|crente|gay|indio|imigrante|venezuelano|boliviano|chines|favelado|mexican|immigrant|jew|muslim)s? (?:e|eh|sao|are) (?:tudo|todos|all) \\w+',
        'your kind|go back to (?:your|ur) country|volta\\w* pra (?:sua |tua |a )?terra (?:deles|dele|dela|sua|tua)|aberrac(?:ao|oes)|(?:seu|sua) (?:bixa|bicha|traveco|sapatao)|(?:jews|judeus?) (?:control|controla\\w*)|women (?:are property|should obey)|mulher (?:tinha|tem) (?:q|que) (?:ficar calada|obedecer)|mulher nao sabe',
        '(?:gays?|trans|negros?|pretos?|judeus?|lesbicas?|sapataos?|travecos?)( people)? (?:nao|n) (?:deveria|devia|deviam|deveriam) (?:nem )?existir|(?:gay|gays|trans|sapatao|lesbicas?)( people)? (?:are|e|eh|sao) (?:disgusting|nojent\\w*|doen\\w*)|traveco|boiola',
        '(?:nao|n) merecem (?:estar|viver|ficar) aqui|(?:they re|they are) all (?:drug dealers|criminals|terrorists|illegals|animals)|(?:esses|os) \\w+ so (?:trazem|traz) (?:crime|doenca|problema)\\w*|escola separada|separar o nordeste|(?:negro|preto|negra|preta)s? (?:e|eh|sao) (?:feio|feia|feios|feias|inferior\\w*)',
      ],
    },
    {
      severity: 'low',
      confidence: 0.5,
      patterns: [
        'volta (pra|pro) (cozinha|fogao|tanque)|(saber|sabe|conhece) o lugar dela|lugar de mulher (e|eh) (na|no)|women belong in the kitchen',
        'cabelo (?:duro|ruim|de bombril)|bombril',
        '(?:seu|sua) gayzinho',
      ],
    },
  ],
  signals: [
    {
      weight: 1,
      patterns: [
        'macac\\w*|m caco\\w*|m4c4c\\w*|nazi\\w*|hitler|heil|white power|supremac\\w*',
        // Slurs, and slurs spelt around a filter.
        'traveco|faggot|fag|tranny|nigg\\w*|bicha|bichinha|boiola|sapatao|v1ad\\w*|vi4d\\w*|b1cha',
        'unic[oa] (pret[oa]|negr[oa])',
      ],
    },
    {
      weight: 0.5,
      patterns: [
        'raca|race|inferior|viad\\w*|paraiba|baiano\\w*',
        'nordestin\\w*|judeu\\w*|jews?|negr[ao]s?|pret[ao]s?|gays?|trans|imigrant\\w*|immigrant\\w*|muslim\\w*|muculman\\w*|refugiad\\w*|indio\\w*',
        'odeio|odeia|hate|nojo|lixo|praga|pragas|exterminar|eliminar|volta pra|go back|esse povo|those people|essa gente|these people',
        'gentalha|cotas?|cotistas?|brancos|the rest of them|resto deles|your kind|you people|(tua|sua) laia|smell\\w*|fed(e|em|ido|ida)|cheir\\w*',
      ],
    },
  ],
};
