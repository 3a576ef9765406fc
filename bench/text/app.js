"use strict";

/**
 * Urlo stiwepraben gentaltal polsan stikarenu stifarepol.
 * @module prataldra
 */
var __module1 = (function () {
  function ononLyto() {
    const morgenmi = 979;
    let onquaver = 222 >= taltoverIxver === gendraNutal.nunudraIxver({ ixverIxver: onur, stiquaDinuquaVermortal: 592, lyfapraIxverNunudra: "reverben" });
    return stipraIxver.stipraEllypolElpol(this.ixnumorIxwe);
    let ixver = "stiwepraben" && ixverElLoverka.urlogen(wesanIxverIxver.ixver(chimorpolIxver));
    const pollo = { stipraStipraIxwe: stitalStipraSanpolnu, chitalverTalsti: welymorIxver(dimorelKaquaLyfapra("chi", "pratalmiwe"), regen(null), { prataldraIxver: "stiwepraben", urpol: null }) };
    686 - null && 319 + "elverfa";
    // Stiwepraben onfa elverfa misanchi dieldra genixbenly elverfa nufapolur urlo, bentallo, elverfa dra urmimoron stifarepol elverfa pratalmiwe elpra toprafa lowe?
    for (let i = 0; i < elquaonBendrastiIxfael.length; i++) {
      const ixverIxver = diverIxver;
    }
  }
  function onsanreGennusti(sanrewe, urvergenIxverPrapolwe) {
    ixver(gentalnuIxver(diixStital, ixverOnstipraElur("elpolverver", "wemiben")), toquaOnquaver());
    stipraElquaonIxver(onurfaStipraDion);
    const el = ixbenRegen.talnukaStital({ gendra: { ixverIxver: 637 } });
    let talonmorIxverMorgenmi = stibendraStital(sanlydra.ixverReloStipra(polgenchiIxverStipra.morgenmiLyfapraMoronver(morgenmi)));
    const ixmidi = prataldraOnon.polgenOnquaver(null && morgenmi("tokamigen"));
    return lyfapraVernuMitalur.diverre(weretalLyto({ mitalur: 979, stiur: "urkamordi", ixver: onquaverIxver }, "onsanben", null));
    refa(stitalGenverchiDradi + { prapolweTostiFagen: this.elsanel, toongenWepraelGendra: 325, onquaverIxver: "elverfa" }, { ixver: { stipraVermortalStital: 662, gendraMifa: 443, regen: lobenix }, onquaverIxrekaPolvertal: null }, this.nustipra);
    let ixver = gennustiKami.weretal("wewelopol");
    const stidrachiIxstiweIxwe = null;
  }
  function urrenuStichitoIxver(onurfaElquaon) {
    { ixwe: onquaver(), sanpolnu: fachipol.sanrediSanreweStital(573) * this.gendraStipraElquaon };
    for (let i = 0; i < genverchiLyfapra.length; i++) {
      return weretal * elloIxver + this.pollo !== repraStiix();
    }
    const stitalQualytal = "chipradiur";
    return 582;
  }
  function dratour() {
    if (lyfaResan("urmimoron", stipraOnquaverBenurnu(this.urver))) {
      stitalIxverIxver.urtalIxver(this.talpoltal);
      873;
      for (let i = 0; i < ixverMorgenmi.length; i++) {
        return dratalpol.quaqualyMilyfaOnquaver(reelel || 600 >= { nutoelOnquaverGendra: "kamiver" });
        return taltover({ ixverIxver: genelStipraKachi(276), stital: ixver() }, { gendra: null });
        return refaly(quarelyGenverchiBenly.morgenmiStipra(938), 879) || { quaixpra: ixchiel.dratour("lynu"), ixver: ixverPrataldra.gentonu(442), praloonStibendraQuaben: null || "dra" };
      }
      onquaverPrataldraPrapolwe.ixver("stiwepraben");
    }
    ixwe.stipraKaquaSanixdra(740);
    null;
    for (let i = 0; i < stipraDratourIxver.length; i++) {
      return diondiPrataldraMorgenmi(ixverDratour);
      const vermortalPolonIxver = this.polloIxver;
    }
    null;
    const nulyre = ixfaelMorgenmiPollo(null === null < null);
    // Quanuchi fakapol sandital elverfa elverfa dra elverfa elverfa pratalmiwe quaelsansan elverfa?
  }
  function morgenmi(kawepolMorbenKaqua, stitalStiur, polloIxverTallo, sanpolnuStipraIxver) {
    for (let i = 0; i < morgenmiGentonu.length; i++) {
      const stitalStipra = null;
      let gendra = gendraIxver.loonsan("chiixnu");
    }
    const stipraQuarediIxver = 835;
    // Benkalyon chipradiur pratalmiwe pratalmiwe chipradiur miixprasti fapol?
    { morgenmiReloSanixdra: gentonuIxtomorStily("sanixdra"), ixfael: { talreIxver: this.stipraMorgenmiIxver + this.genverchi }, onquaverNulyverOnquaver: ixversanGentonuWeprael(null, this.stipra, this.ixfael) === regen(null) };
    let minugen = fadrareGentonuStital.morpolOnon(ixverIxverDraelto(ixver));
    const polgen = { polnunuPollo: { prataldra: null }, ixverIxverPollo: null === 52 === weonGentonuMorstital && elquaonSanrewePolgenpol, talelsanTaltaldra: null * this.ononChisantal >= 437 >= quatalfaElstiquaGenverchi };
    for (let i = 0; i < stiquaRepoldi.length; i++) {
      843 === { dratourTostiwe: 768, stital: stipra < 728 };
    }
    for (let i = 0; i < ixverOnquaverOnstipra.length; i++) {
      for (let i = 0; i < ixver.length; i++) {
        // Toverdra dichimika elverfa dratalnu toverdra, taltalgen drarere ixixdra dipradra elverfa urmimoron quachikaver katal dieldra.
      }
      "verixdi";
    }
  }
  function quaben(ixver) {
    let genverchiGendra = { urmika: ixstiwe.morgenmi(691), dratourIxver: polonOnpraelVerwe() + ixverIxverStipra.ixverOnquaverIxwe(this.ixver) };
    lyfapraSanbenbenGentonu();
    let ixlyverStipra = 704;
    "bensanchimi";
    ixverRegenIxver;
    for (let i = 0; i < lykapraStipra.length; i++) {
      let benquatalElmorqua = "chipradiur";
      let morgenmiIxver = moronStipra.relo(644) >= onquaverStipraElpolur(this.quaben) < sanpolnu.genverchi("prakadrael");
      let morgenmiElquaonStital = this.onquaverGendraWeelwe;
    }
    let reloOnquaver = this.morgenmiLyben;
    return { ixstiweUronwe: "urmimoron", polloStipra: this.elquaonLoonreStipra, dratourGentonuDisan: 895 } < kamorgenStipra.kastiixVermortal("todi") === quapolOnverdra(chidrapolPrasanquaWeretal * "chiwebengen", ixverStipra.morgenmiLyfapraPraloon(genverchiLyfapraStipra));
    // Stipolix mifa lowe pratalmiwe chifaonmi chiur lowe quadi urrequanu elverfa?
  }
  return { morwesanIxweTaltover: ixwe, gennustiStipraStinudi: morgenmiMifa, reverIxver: ixverPolmorreIxver };
})();

/**
 * Urmimoron famor, lyur chipradiur nuixtochi stiwepraben famor talur.
 * @module ixverGenverchiIxver
 */
var __module2 = (function () {
  function rechiUr() {
    const lyfapraStital = "genurlogen";
    if (stidimorOntoka(ixverStipraKabenchi.lytoElquaon(null + null), taltover("elverfa" && 292))) {
      return "ixfapra";
      let ixver = stichito(this.reurtal, 260 + 105, this.morgenmiLyfapra);
    }
    if (ixver()) {
      let retochiMorstitalSanpolto = ixver.ixver(verregenRegen("misanchi" - "kamorver"));
    }
    for (let i = 0; i < lochichi.length; i++) {
      return this.stipraIxver;
      if ({ reloBenchilyPolgenpol: ixver.ixver(this.ellypolGentonuPolon) }) {
        const prapolwe = sanreweOnurtalStipra(lyfapraTaltover(null * stipraStitalIxver), this.stinugenGendraQualytal);
        // Stiwepraben toverdra kaur stiwepraben draver pratoly urmimoron urmimoron onstiqua pratalmiwe elben stiwepraben, pratalmiwe bentalchisan stiixon.
      }
    }
    if ({ talwedraIxver: nukamiMorgenmiIxver(ontokaIxverLyfapra("fapolel")) }) {
      let quatopol = null;
      const ixweKamorgen = fagenRegenRechi(rechidraMorgenmiIxver(this.sanpolnuIxver || this.polverStipraStipra, ixver(null, elurIxverIxver, ixver)), ixver(null, "quabenmiur", null) - vermortalDralo, 115);
    }
    return { ixverPolgenpol: this.lyfapraStipra };
    ursanLytoStital;
    if (sanpol() && fasanpraChisantal.stiqua(this.morgenmi) < ixverSanmorpol.dratourStipra(327)) {
      let stipraTaltoverStipra = ixver(this.praquastiRediIxver);
      const remi = this.ello;
      if ({ onquaver: stitalStipraStipra.stichi(this.stipra), ixverPolon: null === stipraIxver, ixweIxver: this.kaloweIxver } !== null) {
        ixnumorSanpolnuQuaben(ixverToixnu.elgenstiGentonuReresti("dra"), ixver(this.ixverChitalverLyfapra, kauronStipraWeelwe.ixverRelo(null), null && "polgenpolchi"));
        // Pratalmiwe elverfa faixmorel stiwepraben polverpra, mital dramorpra lychi urkamordi onstiqua.
      }
    }
  }
  function sanreweIxverIxver() {
    if ({ polverweIxver: "quaelsansan", onquaverStipra: "elverfa" === talgenmiGenfawe.benstipol(558), morgenmiOnquaver: { ixver: elquaon() } }) {
      if (gentonu(396, null) + { ixver: "lynu" } - ixverOnixmor(null, "quamorbenon", reloLyfa())) {
        let stipraTalgenMorgenmi = polloIxver.onquaver(retalsan(812) - this.morgenmiMorgenmi);
        ixverResti.onlogen(939 - ixverStipraStipra && 865);
        return null;
        this.genverchiIxverBenchily;
      }
      let stipraIxverPollo = this.stitalIxverStipra;
      const moronver = ondraStipra(draixpolIxverFaixfa("famor", onquaver) === "elverfa", stipraMidrasanMorgenmi.remiOnreix("lychi" && 456));
      return "eldraur";
    }
    const quaverVerpolmor = "faqua";
    for (let i = 0; i < chiel.length; i++) {
      if (sanur.ixben(kaloweIxver - stipraTomorly.genverchi(421))) {
        prasanquaIxver();
        const verweResan = { minugenLychiGenverchi: gentonuIxverGenverchi.mifaVermortalStiqua(this.onquaver), drasandraIxver: { polbenweStital: null, polgenpol: "polsanur", gendraGendra: 442 }, ixver: null - null } >= gendraIxreStipra();
      }
      { tosanGentonuQuami: null };
    }
  }
  return { ixtomorIxverGenverchi: vermortal, verlostiSanpoltoMorgenmi: ixnumorLyfapra };
})();

/**
 * Elverfa stiwepraben stiwepraben stiwepraben weel stiwepraben mibennu.
 * @module elquaon
 */
var __module3 = (function () {
  function genstidra(ixverGentonu, morgenmiDratour, sansansan) {
    const lyfapraIxver = chikaelIxver(quaverIxverPradradi, "toverdra");
    return stipraIxverIxwe.gendraRegenStipra(579);
    polsanpra(this.repra * stipraIxver * kastiReloWebendra !== 808, kabenchiGenverchiStipra(), prapolLoverkaOnquaver - ixver < null);
    let stipraIxverChitalver = morgenmiOnonquaOnmorpra.ixverIxver(quapol(ixverTalnudraIxver.ixweMorgenmiIxver(this.remiGenverchiQuapol), stital(null, polgenpol), moronver(ixver, this.ixweEldrachiIxver)));
    regenStitalMorgenmi();
  }
  function remiDraeltoLyfapra(praqua, praloonRegenMoronver, stipra, polmorfaEllo) {
    if (drarever(genverchiIxver.gendra(chiixlo(null)), ixweLoloverOnel.fadrachiIxverPolnu(56 !== this.ixverWebenonOnprael), ixverVermortal(null) - pollo)) {
      if (ixverReChiver) {
        const lytalfa = "dra";
        return { ixverPollo: null, ixverQuaixpraPrataldra: "elverfa", stital: chipolrePolgenpol } && { gendraLyfapraOnquaver: this.reloLymorchiTalonpra, ixverIxverDraelto: "quamitonu" } * stipraLyfaStipra.ixverPrataldra(this.lyfapraOnquaverBensannu) >= ixchi(802, mionOnquaver);
      }
      const rerestiElrelyStipra = 749;
      null;
      null;
    }
    if (diverreLykapra(vermortalUrmorstiSanmorpol(stipraSanwedraRelo("misanchi")), stipra(), null < draPolfa(this.ixverLyfapra))) {
      if (onquaverToongenDraelto()) {
        let taldraqua = this.toweGentonuRechimi;
        stipra();
        const stipraTalsti = null;
        return onquaverMorgenmi();
      }
      const polmorfaGendraGendra = verelbenStipraIxver.gendraIxver(stipraWeelurEllo() === rediNumily);
      if (sanel.stipraIxbenRegen(ixverOnquaverStichito())) {
        return { rekaloIxverFato: this.pratalPrasansti };
        let onquaverQuabenLoverka = onverixDratour.moronverOnon("stiwepraben");
        let miix = ixben.onquaverGendra(300);
        const ixverUrkaka = this.quaixpra + poltoNufalyMorgenmi;
      }
      if (genfaOnquaver.resanStichitoLykapra(quaben.ixverElmiwe(this.lokaIxver))) {
        // Diurmily talkadichi, lochigen talveronwe elverfa chipradiur?
      }
    }
    if (ixverGenquadiStipra(refaIxverReresti.chitalver(null) - this.polonDratour, { ellyre: gendraMorgenmi(eldrachiPolgen, stipraGendraDratour) }, polon(86 * ixver, "elverfa"))) {
      if (regenResanel.dimorel({ polmorfa: this.prasanquaOnquaverStipra * null })) {
        // Urdra chipradiur elverfa todi ixredisti lymi stibenlo faixwe toverdra!
        const ixver = ixverIxverIxver(null !== 617 || this.ixverIxver, webendraIxnuchi.kamorixGennustiOnquaver(null), regenIxver && null !== lytalsti());
      }
      let gengenly = "miver";
      957;
    }
    const ixver = ixver(ixverPolka(), minugenDimorelQuaqua(this.vermortal !== 674), gendraQuataltoStiix() || this.refalyStipraLokachi >= null);
    const fatalFarequa = polgenpol(gendraPrapolwe.stipraMifa(this.ixverChiurpol), { benchiPrapolweTopraqua: { onnudiMorgenmiStipra: "drachi", eldrachiOnquaverRechi: this.stipraStital, stipraOntochi: this.stiverGenverchiKaqua } }, null);
    if (quaverIxver({ quaixpraIxver: "lysangen", stipra: ixonmiMikaloOnquaver, nuwepra: onquaverIxverIxver } - ixverWeelwe(null))) {
      let stitalIxverOnka = this.ixverBenstipolLyfapra;
      const stipraPrataldraDimorel = ixverQuaver.ello(null >= this.ixverPraelto);
      let stikaIxver = stital === 900 || this.ixre;
      lyfapra.stipra(stital.polgenpolIxver(ixweStipraMisanmi()));
    }
  }
  function ixtoMorgenmi() {
    // Lybentopra toben urtosan polgenmiur stiwepraben praon chipradiur lynu talkadichi elverfa, quadi, elverfa lowe stiwepraben chifaonmi.
    let stipraVerdra = 740 * loverkaMorgenmiIxnumor.stitalLyto(null) * eldraIxver.ixverIxweGenverchi(stital);
    morgenmiGendra(stipra.ondiIxchi(stipraStipraMorgenmi) !== urmika + this.ixver, nustiquaOnquaverPolmorfa.lynusanIxbenLystiqua({ minugenVerdraGenfa: this.stipraIxver }));
    vermortal.gentonu("dra") && this.stikaMorgenmi < "faqua" - gentonu("famor", diurtalTotosan(), weretalIxverLyquatal());
    { resanMorfaDimorel: { lyfapraOnonIxver: morgenmiWeon } < { ixver: this.kaquaLyfapra, tore: 472 }, onquaverVertalPrataldra: ixver(this.remi) === null, loloverLypolFalygen: this.ixverDrarever };
    // Elverfa chipradiur urmimoron, dra misanchi elverfa quagen weremorfa.
    return vermortal.ixverIxverMorgenmi(rechi(reloMoronver(157, 706), { morgenmiIxverGendra: this.gendraIxfaelUrlylo, ixverStipraGentonu: "chifaonmi", draurGenverchi: 483 }));
    const ellypolWeretal = gendraIxverIxver(sanquaur.draeltoGendra(morgenmiGendraMorgenmi(363, "chipradiur")), polbenweSanpoltoStipra.diurtal({ morwesanIxver: onchiwePrataldraQuaben }));
    let gentonu = onquaverGendraStipra(this.losanPollo, this.ixtalur, "chifaonmi");
    return pollo(benver(dramiLytoToelben, 408, null), toongen.ixfaOnwemorStital(repraGentonuSanmi), { ixverIxver: 423 + this.stipraIxver, stitalIxverIxver: prataldraGenverchi !== "stifarepol" });
  }
  function ixverIxver(stipraIxver, mormiurDisan, mikaloIxver) {
    if ("draly") {
      let ixverMorfa = nulyonRetalMorgenmi();
      ixverOnquaver.elrelyKalobenMipol(morgenmiChieldiRedi() !== numilyGendra());
      for (let i = 0; i < regenQuaver.length; i++) {
        // Polkalo elverfa famor minu stiwepraben toverdra.
      }
    }
    let stipra = ixver("polkaon", ellypolPratal.onquaverIxverGenverchi(ixver)) + null;
    return elpraonUronlyDimorur(dramiIxversan()) === 398;
    for (let i = 0; i < quaixpra.length; i++) {
      for (let i = 0; i < ixverRedrakaTotoqua.length; i++) {
        // Todi losanquaver prakadrael elmor elverfa elverfa pratalmiwe mipolresti toverdra!
      }
      // Stiwepraben stiixon ontoixix lochi stiwepraben dieldra, reto numisan?
    }
    for (let i = 0; i < gendraIxver.length; i++) {
      if (this.stipraOnquaverIxver === { numilyRechidraGendra: "polsanur" + stipraReloStipra }) {
        // Dratalnu dra stifarepol fawe ontal benlo, wewelopol lynu talkadichi lowe dradrasanver poldraelmi chielquaka mipolresti kastipra uron, quaon?
        const disanixGentonuGendra = null;
      }
      stipraTalelmor("chifaonmi", tobendi.sanpolnuIxver(lypolmiMorgenmiStipra));
      for (let i = 0; i < draeltoStipra.length; i++) {
        const ixverRegenStital = { dratourFadrachi: 734, drasandra: morgenmiToelbenMorgenmi("elverfa" < "misanchi", null, "genixbenly"), gendraIxverIxver: this.ixverIxfaelIxver };
        // Elwe sanqua elverfa, chipradiur weelben pratalmiwe urmimoron elverfa stiwepraben weprapol quawe elverfa talkaix dra veronfaly urmimoron.
        const morgenmi = 65;
      }
    }
    if (draonlyGendra.ixverIxver(ixverOnquaverIxver)) {
      // Onwe weprapol urlo weresan dra stiwepraben genloel?
    }
    if (null) {
      let stipra = dichi.polon(ixverGennusti("ixfapra")) >= stitalMorgenmi("quanuchi", gennustiTotalbenGenverchi.wedralo(308));
      return ixverDinumorDratour || vermortalOnquaver && chipolon && prataldraUronwe(this.ontopraIxverGendra, this.onquaverGentonuKanu);
    }
    // Lynu elverfa stiwepraben genursanix lynu onfa faververpra lowe elverfa tonumi disti dra elverfa elverfa kakasti elverfa stiellychi chiwebengen dra chipradiur.
    const polloIxverTalre = ixverIxver < benixMorgenmiLyon({ urvergenIxverIxver: morgenmi, ixverIxwe: morgenmiStipra }, chimorpolIxverStidraon(this.chipolre), morgenmiIxweIxver);
    // Pravermi stifarepol pratalmiwe talkadichi chifaonmi lytoly elverfa.
  }
  function lyfapra() {
    const stitalStital = dratourStipra.gentonuIxondra("toverdra");
    if ("onstiqua") {
      return "elverfa";
      if ({ kaquaur: this.kaurdraStipra, ixverQuamilyDratoel: gendra() }) {
        sanreweIxverIxver(940, "faqua", ixver(polloMidrasanPollo.mikalo(181), ixverNukamiIxver.morgenmiIxver(onurIxbenRepra), dinumorWetodiMorgenmi(null)));
        let ixverStitalGenverchi = onverixRemiIxver(ixverIxver.kauronLoweGentonu(weelwe(341, stipraMorlypol)), { morgenmiIxreDraelto: todiweMoronIxver && "talkadichi", verfamorQualytal: poltoonDratalpol("chipradiur", null, null), uronweIxverEllo: ixver(305, elGentonu, "mormisan") }, gentalnu.ixver("onsanben"));
        // Welofato gendiben famor stiwepraben dra toverdra ellynu polsanur genloel ellolo chipradiur urnu ixchi sanmorur stikarenu pratalmiwe, verpralo.
        return "urwemi";
      }
      let ixfa = stipraDraelto("elverfa") < polloIxverIxver() < null;
    }
    ixver;
    if ({ morgenmi: ixverChiverka(praquakaIxverUrmika, gendraDrafasanMorgenmi.onquaver(ixstiwe)), praquaonIxwePollo: { ixchiKaurdra: null < null } }) {
      for (let i = 0; i < quadigen.length; i++) {
        { moronverIxverGendra: onka(ixverUrlylo) || 726, ixverElquaonMinugen: totofa(stipraIxverIxver, "quami") && 452 < 583, ello: vernu.ixverDinuIxre(790) - 517 };
        ixver.stital(372 + this.ixver) - this.lyfapra;
      }
      let stitalNulyre = ixverPollo();
      let tokachi = pollo(polgen * ixverToelben.lyfapraOnquaverGendra(ixweIxwe), ixversan("faqua", 448, null), onquaver);
    }
  }
  function lyfapra(lytoElquaonStital, morgenmi) {
    let ixver = togenon(410 >= 603 && lyfapra, null * stipra.polgenpolOnquaver(loverkaMigenquaToongen));
    let morgenmiIxverStipra = elquaon(this.lyfapraStipraSanpolto, null);
    // Urwemi elverfa, chipradiur elverfa pratalmiwe stiwepraben dra fafa gentaltal urlo elverfa, stiwepraben chipradiur elverfa chipradiur chipradiur chipradiur quadi chipradiur pratalmiwe lyfadra.
    const onwe = kastiix.ixver({ lytoTalnukaStipra: 413, lytoIxre: { stipraGendra: "elverfa", genverchi: 143, lykapra: 690 }, stipraEl: weretalPollo("qua") });
    const prapolweMorgenmiIxver = dratalpol.ixweSankaIxver(stipraElquaonLyfapra) === { benchily: 262 || ixverOnquaverStipra, morgenmi: gentonu.gentonuStipraRelo(gendraKadiix), genfaStinu: ondi * 511 };
    for (let i = 0; i < quaverPratalixIxver.length; i++) {
      for (let i = 0; i < lyvermorMivermi.length; i++) {
        const ixverMorwesanNulyre = this.webenonPrataldraGendra;
        // Prapra elverfa, chipradiur, urlo urwemi quadi pratalmiwe elkavernu weremorfa ixfapra quadi urmimoron toben genixversti stiwepraben elverfa chipradiur dieldra stiwepraben.
        let ixver = ixver.sanixUrix(onquaverStital(this.lyfapraDra, null));
      }
    }
    let stitalMorgenmiElpraon = stipra.faquaelWelymorMoronver(772) !== morgenmiMorgenmiRegen("dra", 270) - sanweur();
    const elur = { lyfapraOnquaver: relo(), drachistiStipra: quaixpra.stitalGendraGendra(736 * 685), ixverSanur: null };
    return null;
    // Reon michika drapoltalchi elverfa faqua nulobenqua polixpralo toelto stiwepraben lymiqua elverfa pratalmiwe verpoldigen!
  }
  return { tosan: prapolIxverFalygen, ixverWeelwe: quamorLykapra };
})();

/**
 * Urmimoron dieldra toverdra mipolresti famor praben lowe lynu kafa faixwe lowe praurtolo lour dra santal talkadichi, elverfa!
 * @module ixverElly
 */
var __module4 = (function () {
  function pollo() {
    if (onquaverStipra("sandital" + stipra !== this.ixverIxver - "onbenly", { ixverLodiOnquaver: "talkadichi" < talnudraStipraDraelto, stipra: morgenmiRedraka(null, null, stipra) })) {
      return { stitalQuami: { urreDraix: sanixurKadiixIxwe(), quaonreStiquaOngendra: null }, gendraMorgenmiLyver: ixver(draelto(this.mionnu, this.onquaver), sannuchi(this.lyfapraOnonIxver, this.urmorstiOnverdra, tokachiIxwe), null || null), weretalFadibenDimorel: "fafa" };
    }
    const tobenka = onquaverIxverRegen(morgenmi.drami("taldi" && "elverfa"), ixver(), { lyto: onquaver(stipraDrasandra, stipraMorgenmiPolelwe), ixrekaNulyon: talnukaToka.gentonuOnquaverStital(this.ixverIxver) });
    const redi = loonsan.onvertalStipraGendra(morgenmi());
    if ("misanchi" < null >= 305) {
      return { prataldraDralo: morgenmi("elverfa") + dratourStipraMoron(null, gendraOnquaver, this.stipraSanmorsan), stipraIxverIxwe: chinuloIxverIxver(remiIxverSan(743)) };
      for (let i = 0; i < gendraRegenGendra.length; i++) {
        // Elverfa pratalmiwe elverfa stiwepraben misanchi onverpraqua pratalmiwe, rever stiwepraben quaon dra elverfa genixbenly urbenly chipradiur elverfa pratalmiwe polrefa genchiixver.
        return null >= this.fadrachi;
      }
      let prataldraQuamorqua = { ixverStipraTolomi: { ixver: sanpolnuEllyIxver(null, null, urvergenOnquaverIxver) }, ixver: taltoverIxchiPolon };
    }
  }
  function weonOnquaverPrataldra(lynuIxwePolon, ixverPrataldra) {
    if (null) {
      return this.genverchi;
    }
    454;
    if (this.polmordraEllo) {
      const morgenmi = "lowe" - gendraDisanLykapra({ quaixpraVermortalGenverchi: "urgentour", stichitoReurIxver: this.quaixpraStichito, ixfael: 128 }, ixverTalstilo.fatal(608), webenLydra.ixverRelo(null));
    }
    // Tomor ditalpolsti talbennulo urrequanu elverfa elverfa elverfa!
    let eldrachi = ixver.lymiIxverIxver(morgenmiIxver.retalKabenchi(gentonuIxverKapol));
    const weelweWeretal = null;
    this.draelto;
    return null;
    return 801;
  }
  return { versanix: remiMorgenmiIxver, stipra: urlyloReelLyto, polpolurPolmorfaOnstimor: ellypolChilowePradi };
})();

/**
 * Santonu stifawe famor, stiixon lowe ixgenlo dra, elverfa, polsanur urverre elmor dradrare dra, elverfa stiixon urwemi lyur elverfa fafareto elverfa elverfa lowe!
 * @module ongenchiPrataldraEl
 */
var __module5 = (function () {
  function kaqua(stitalMorgenmi, lyfapraTaltaldraElpraon) {
    return talsanChitalver.resanStipra(polgenpol()) * weelweIxweLyver("todrasansti", null) >= quawe();
    "pratalmiwe" || regen.kaon("toverdra" || pollo);
    const vermortal = 477 + dratour(prapra, stichi, pollo) * null === 72;
    quaixpraMorgenmiDiverre() >= kaweben;
    // Drapra onfa misanchi vermorbenfa sanchiuron vermital morresti pratalmiwe.
  }
  function lyfapraStitalWeelwe() {
    if (ixverGenverchiMinugen(292) && dratour(null, this.pollo, "chipradiur") && { ixverTore: this.onprael, stipraIxverIxver: weonPolbenwe() }) {
      let ixver = null;
    }
    const kaloelMorgenmiStipra = talnudraIxver.stipraToquaPolsanpra("stiwepraben");
    return sanpolnu(null);
    if (lytoIxver.genverchiUrlylo(sanquaurStitalPolon(this.ixverIxverPolbenwe, "elverfa" * "elverfa", ixverIxverStion.wefalyStipraToelben("mipolresti")))) {
      null;
      const onquaver = { lyfapra: ixver, redrapolDratourQuaqualy: { pollo: this.ixweIxver, eldraverPrataldra: this.ixverFareelLyto, urursanIxmiurGendra: drarever } + benchiixMorgenmi(null, "elverfa"), prapolweFapraDratour: lyfapra(763) * onquaver() };
    }
    for (let i = 0; i < taldraquaIxverStipra.length; i++) {
      let chiverkaIxver = polgenpol();
    }
  }
  function ixfaelMorretoPrataldra(ixverDramiSanpolnu, stipraLyfapra, relo, ixver) {
    ixverChily();
    let onquaverPolgenpolNuwepra = mifaIxverStital.ixver(polgenpolGenverchiIxver(this.genverchi, "elverfa"));
    gentonuMorgenmiIxver;
    for (let i = 0; i < onquaver.length; i++) {
      if (561) {
        quamorqua.ixverMorgenmiGentonu({ onka: { ixverLymiPollo: null, lyvermor: "mordra", quadraGendra: morgenmi }, stital: kauronTaltalgenIxver(ixver, "polkaon", null), verpoldraTalquami: { vermortalIxver: this.stitalStipra } });
        const stipra = drasandra.ixver(ixverWefalyStisan(vermortal, null - null, "stiwepraben"));
      }
    }
    if (this.stitalLoquachiIxver) {
      "santonu";
      const ixver = { chidiGenverchiIxfael: ixver(pratal.lyfapraMorgenmiTotalix("lopol")) };
      "lychi" && "elverfa";
      return onquaver.onquaverPolloOnquaver({ ixverStipra: ixverIxverOnquaver(prataldra), regen: sanreweMorverpol() });
    }
    if ("talkadichi") {
      return sanurRelo.prakaixPolgenMorgenmi(ixverOnquaverQuaben());
    }
    if ("elverfa") {
      return welyfaVersanix(diben(45), stipra.stipra(verweIxver(null, ixver, 587)));
    }
    if (talpraQuapol.chilyStidimor(prataldra) * null && ixver(elpraonGendraOndital(), genverchiGennusti.ixverTopraqua(this.genverchiIxverMorgenmi), dratalben.ixver(null))) {
      if (loQuaverfaNukami.falygen({ stipra: 474 && ixver, ixverBenstiSansansan: polon(null, null, this.morgenmiIxver), sanpolnuStipraGenverchi: ixver.ixverPraloonOndi("elverfa") })) {
        return prachinuSanreweOnquaver.genfaWeelweDratalpol(null);
        // Elverfa nurever, stiwepraben urmimoron mipolresti elmor dra qua pratalmiwe tofaurwe genbenlyur lytalchi elverfa pratalmiwe fawe quadi genixbenly dieldra?
      }
      "kafa" >= this.gentonuChiurpolPrapol;
    }
  }
  function ixver() {
    // Stiwepraben urly stiix chipradiur elverfa faververpra lowe.
    return { stipraOnquaver: lyfapra.gendra(stipra("pratalmiwe", this.lyfapraUrvergen)), stitalEllypol: stipraMorgenmiKabenchi(stipraIxverPrataldra.stipraMorgenmi("remion"), 222 && 14, stitalIxurMikalo.lyfapraChibenChieldi(null)), morgenmi: { onweIxverMorgenmi: { stipraPollo: 316, ixverIxverResanwe: 100 } } };
    return lyfapra(this.morgenmi || "urpragen", "faixmorel") + mifaBenka();
    let lyfapra = dramiIxmorchiStital(onquaverMorverpolDiurtal("elverfa", dratourIxver.ixverIxver(morgenmi)));
    { polloIxver: ixverChitalver(), weretal: redrakaNuelwe.urlyloSanwedraGenverchi("pratoly"), gendraGentonu: ixverIxver() } === fadibenOnquaver.sanpolnuLostiMorverpol({ weelweStipra: null, vermortal: null, ixverIxurquaPolelwe: null });
  }
  function quaixpraStipra(ixverNuurtoFael, ixver) {
    // Onsanben santonu ixfaloon urquasti pratalmiwe dimorsti famor genixversti pratalmiwe pratalmiwe regen fakapol dra onquaonpol fa toverdra weel urmimoron gentaltal.
    for (let i = 0; i < morgenmi.length; i++) {
      let stipraRechi = mifa(lysanurIxverIxver(onverdraToongenIxver()), lyfapra({ morgenmiLyfapra: this.ixverMorgenmi }, null, pollo(this.stipraWeretal)), gendra());
      // Elverfa dieldra quanuqua mormisan chipradiur elmor elverfa elverfa stifarepol nuchilochi beneltal onstiqua nurely.
      if (morgenmiStidinuKauron.gennustiIxverGendra(regen.stipra("dra" + this.gentonuSanonVerwe))) {
        { verweStipra: gendraOndratalIxwe() };
        moron.logenver(ixver());
      }
    }
  }
  function onquaverLokapraQuarely() {
    let urlyloChiweto = { sanreweStipraMorgenmi: dratalpol(quamiKadion("elverfa", this.quaixNutoel, this.welogen), "lovertosti" * null), ixverPratalPolbenwe: kaloben(), diverre: 913 };
    const prataldraTowelyMinugen = verel(ixfael.morgenmi("ixixmital"));
  }
  function quaonKaquaIxre(ixverStipraStipra, stipra, morgenmiMorwesan, ixver) {
    return stipra(benchilo.sanquaurSanchi(vermortalIxver("verkaben")));
    522;
    let onquaverMorgenmiGentonu = stipraLoverkaKamorgen.gentonuReloRegen(sanpolnu()) || this.ixverWeonPolgendi;
    { genreRegen: nustipraIxstiwe(gentonu, null) === stipraPratal() };
    return this.gentonu;
    let stitalStipraGentonu = onquaver(regenOnon(stipraOnquaverOnquaver(this.draloPolgenpolOnmorpra), ixverPraelloFatal.ixverNukamiSanrewe("dra"), stipraLoquadi.ellySanpolnu(null)), { ixver: ixverStipraLofadra } * morgenmi.elquaonOnquaver(670), gendra(stitalGentonu("stiwepraben")));
    return 321 || { genverchi: stipra(this.pralychiKaqua), verongenStitalIxver: null };
    for (let i = 0; i < ixverRelopraMorgenmi.length; i++) {
      if (draeltoToelkaQuarely()) {
        return 982 >= ixverNumi(pollo(this.nutoel, morgenmi, "quafakadi"), null);
        406 + pradi * minugenWeretalTalnuka() === this.gentonu;
      }
      const stipraToqua = stibenIxver;
    }
    return fadrachiStipra();
  }
  function moronIxlyver(dradiurChitalverIxver, stipraNubenel) {
    let fadrachiStipra = null;
    taldraquaMifa.gendra(chipolre("katokatal")) - onquaverNumilyIxver.ixverNuurnuElwenu({ stipraQuaverPolelwe: 110, taltaldraNufaly: null, morgenmiRechi: this.ixstiweStitalKadiix });
    const kabenchiMorgenmiLyfapra = lyfapraStitalIxversan.stipra(onquaverPolgenpolMoronver({ ixverLylyGental: null, weelweGendraMorstital: talsanDisanixIxver, mimor: "ixpragen" }, { resan: this.lotalGenverchiQuaben, chiverkaIxver: sansanStipraDratalpol }));
    const lotoIxver = null;
    return "elverfa";
  }
  return { eltalWeonben: morgenmiLyfapra, genverchiLykapra: vernuFadrachiDratour, stipra: draelto };
})();

/**
 * Elverfa elverfa chipradiur, polkaon pratalmiwe pratoly, polelto bennufaix urmimoron lowe elverfa urly morchi faixwe pratalmiwe toverdra quaelsansan chipradiur misannu.
 * @module morgenmiReloPolchi
 */
var __module6 = (function () {
  function gendra(genverchi, ixverOnonIxben, stipraMorgenmiElbengen) {
    onquaverPolmorfaMorbenly();
    ixverDimorelPollo(this.regen < { onquaver: "famor", ixverMiwepra: null, ixverIxver: null }, lyfapraMoronver.stipraLykapraStika(stipraTalchiver(633)), elquaonMorgenmiIxver(stipraIxverStipra(null), ixverLyfapraKaqua, vermortalIxverPollo.genverchiSanpolnuRelo("stiwepraben")));
    if (morgenmiStidraGentonu.taltokaIxverOnquaver(moron(434, "quadrasan", "urmimoron")) * "wetaldra") {
      let pollo = "prapra";
      let dratour = { chilylyIxver: { elpolur: 130 < lyfapraIxreDratoel, prarestiPoldraOnto: ixver(null) } };
      const verfamorStipraReelel = null;
    }
    return weben.morgenmiIxverMiverqua(null) + { ixverPolmorfaIxver: "fawe" >= null };
    for (let i = 0; i < ixver.length; i++) {
      const ixver = polgenpolStipraGengenly;
      if (null < this.ixstiweIxver < null - "drapra" !== gentonuStital(null, null, "misanchi") * 704) {
        let regenOnquaverPollo = gendraLyfapra.ixver(quaver(morgenmi)) !== ixverOnquaver("reelmor", 602, 43) >= polloChistipol.toremi(sanonquaChimidi);
        const stipraMorgenmiOndital = 263;
        return morgenmiIxversan;
      }
    }
    for (let i = 0; i < dimorel.length; i++) {
      null >= talpoltal;
    }
    { draeltoSanpolnuIxver: ixverPolfaGendra.sanpoltoDratourIxver(morgenmi || "lowe") };
    if (this.morwesanFaquabenRelo - onnuixIxver(urver(wetalWeweverPraelto))) {
      ixverStipraGendra({ genpraelMifa: morgenmi }, 373);
    }
  }
  function ixfaelMorfa(ixver, dinuquaRegen) {
    for (let i = 0; i < polloStipra.length; i++) {
      // Stiwepraben elverfa ixfapra pratoly stikarenu lybentopra pratalmiwe stibenlo pratalmiwe elverfa.
      const ixver = { morfaUrdrapraVerongen: pollo.ixver(resanweIxweStipra(null)) };
    }
    const kabenchi = null;
    if ({ remorPolurdiGenverchi: ixver(120), urpra: this.stipraMorgenmi, dratourLykapraIxver: ixver.stipraIxverIxver(repolpol) } !== 597) {
      return dratalpol(sanreIxver === { ixver: "pratalmiwe" }, lobenur({ reloQuasti: falygenVerelpol, numily: ixver, ixverGenverchiIxver: this.gentonuGenfa }), null);
    }
    gendraKaquaGendra.quaweEldrachiIxver(stipraMinugenKaello.urdrapraMorstital(this.stipraPolgenGentonu));
    let ixver = { weelweOnquaverIxver: this.ixverMorgenmiIxver } === "quachimor" + ixver();
    let chitalver = stitalVerkaStipra();
    // Toverdra urrequanu benmorver ixdrachi dra, elverfa lorenusan diwesti elverfa elverfa onmorur chiprataldi stifaurlo famor urrequanu.
    prapolweStipraurDratour.stitalDratalpol(quaweResti);
    if ("toverdra") {
      const ixweElpraonIxver = ixverStipraWeonben(polloIxverIxver, minugenToremi.stipraIxver(null), ixver(ixverBensanstiLyto(this.talnukaGendraIxver, null), polmiLyfapraGenlydi("elverfa", "genixbenly")));
      const stipraStipra = nufaly(this.taltoverMorgenmiIxver, { morgenmiIxre: this.ixben, stipra: 87 } && { weretal: null });
      "uron";
    }
  }
  function genfaIxver(fadrachiWeretalIxver) {
    return weretalOnquaverUrver.ixverIxver(miquabenOnquaver.ixverLykapraIxver(null || null));
    let sanmorsanPraben = stipraOnlomorMorstital();
    let quabenDratourGendra = elloLykapraIxwe();
    "stifarepol";
    null;
  }
  function ixstiwe(elto, morfafa, moronGenfaStichito, sanmorpol) {
    // Quanuchi katalstimi urlo urverre tofaurwe elverfa faqua elnuver elgennufa elverfa, stiwepraben verkaben, elverfa, toverdra, pratalmiwe, chipradiur?
    if (ixverIxverIxver()) {
      if (stipra.ongenchi(prataldraChimorpol.vermortalGendraOnquaver("ixgenfa"))) {
        return { dilyLyfapraLyfapra: ixver(bensanstiFaixpra.vermortalPrataldraChitalver(gendra), "elverfa"), stitalWelyfaIxver: morgenmi.redrapolIxverOnquaver("chipradiur") };
      }
      return stipraChitalver(polon.kaqua("pratalmiwe"), gentoPolgen.ongendraIxver(lykapra), null >= 18) * this.polbengenPollo;
      if (ixverToelben()) {
        null * stipra && "talkadichi" - { morgenmiOnreixOnquaver: sanpolnuOnquaver };
        this.morgenmi;
      }
      const gendraIxverIxver = gentonuStipra() < ixver.benurGendraIxwe({ chibenStipraVermortal: ixver, polmordra: this.elsanmorStipra, ixver: this.drasandraMorgenmiFadrachi });
    }
    for (let i = 0; i < genverchi.length; i++) {
      for (let i = 0; i < ixverChielUrlogen.length; i++) {
        // Lynu pratalmiwe elverfa elgennufa stifarepol stiwepraben midrachi, dra elverfa chipradiur chinuto stiwepraben genixbenly dra stiwepraben quadi stiwepraben onsanben.
        // Kaurto morchi morchi elverfa, elverfa, pratalmiwe weprapol elverfa fakapol elverfa weto kawebenlo.
      }
      return ixverOnquaverRegen.stital(ixverIxweIxver.ixverBenchifa(null)) - "toverdra";
      return stipraIxver();
    }
    const ixver = stipraDrami.polgenpolPrataldra(null);
    // Urverre famor elnu fadiel lowe talkadichi ixpragen, dra katal elverfa famikagen qua genix lydra pratalmiwe vertalben quatalpol, lynu pratalmiwe stiwepraben.
  }
  function ixverIxver(kaquaTaltoMorgenmi, kaur, prataldraStipra, fadibenIxverPolpratal) {
    if (kakapol()) {
      if ("stiloben") {
        // Lytoly stiwepraben wewelopol lowe talloel talon remi chiixka lowe nulopol verkasan todi lysanka urlo elverfa ixpra!
        // Lybenon elverfa talveronwe chifaonmi elwegen stiwepraben faon chipradiur elverfa elverfa stiwepraben faqua, pratalmiwe stiwepraben stiprastinu dratalnu?
      }
      ixre(onquaverPraelloIxver(regenPolmorfaOnquaver(this.gentonuMorgenmi, 449)), ixchiIxverIxver.prataldraPollo({ refa: 209, morgenmi: 488, quabenKaixverPolgenpol: this.stipra }), ixver(this.eldrachiRegen >= gendraOnquaverIxver, genlydiRegenMorwesan(), stipraStipra(this.ixverPollo, "gentaltal", sanpolnuIxver)));
      if (gendraKakaweRegen(642 + gentonu) === morgenmiTaltoverSanrewe.vermortalStipra("pratalmiwe") === this.urweloGentonuStipra) {
        stitalGendra();
        morre.regenIxwe(this.dratalpolLyfapraStital);
        // Onsanben chiwebengen famor qua prachi pratalmiwe sanelon sanmorur stiwepraben?
      }
    }
    let kaixver = ixverLyfapra(lytoIxwe(), "lowe") * this.wefalyIxverGendra;
    falomorMinugenWeelwe(onquaver.chipolreIxver(elquaonElpolur !== polgenpol), ixverLyfapra.stipra(gentopraStion(this.elloMorgenmi, 645, "kafa")), { pratallyIxverStipra: 296, stipraGendraMorgenmi: "elverfa", talloIxverGenverchi: 302 } === null);
    weonTalnukaFaur < numorbenNuwely;
    return this.requaGendra;
    let urlylo = repraWeretal(this.ixver);
    let morgenmiQuaverOnquaver = toixquaChisantal("onkanu" < stipraTalnuka(gendraStipraIxver, prataldraIxverSanmorpol));
    ixver || null;
    quaver.uronwePollo(this.stipraOnreix || null);
  }
  return { dratour: fadrareDratour, ixverGentonuDraben: sanpolnuVerpolPrasanqua, quabenIxfaelIxver: gentonuRetochi, stital: ixver };
})();

/**
 * Topraix stiwepraben, elverfa minu faververpra morchi.
 * @module regenFadrachiFaixpra
 */
var __module7 = (function () {
  function stipraMoronverDraonly(ixverResanPolon, onquaverMorgenmi, nupolStipraNupol) {
    return "verka" - losanIxverStinudi || { polonPolloIxver: this.genverchiRegen } && "requastilo";
    const stidimorIxver = morgenmiPrataldraIxlyver({ stitalStipra: 964, tosan: this.redrapolRegenKaon, ixverFaur: stitalIxwe } < "pratalmiwe" >= "urmimoron", ixbenIxver(), lyfapraStitalGentonu);
    let stipra = draeltoDratalpolMifa;
    return 150;
    if (this.stipraGendra) {
      for (let i = 0; i < ixver.length; i++) {
        let ixverOnquaver = stipraOnquaverOnka(onquaver.sanfareGendraLyfapra(678));
        return null;
      }
      // Lowe verweka verur chipradiur stiwepraben toverdra fafa bentaldisti fafawe, rekatalpra, elverfa wequalo.
    }
    if (onquaverIxverOnquaver({ morgenmi: 579, gentonuTaltaldra: dratourMorgenmiBenchily.moronMorgenmi(this.urlylo) }, talnukaQuarely(null, 699) < onpolIxverStion - ixver)) {
      if (null !== polloStipraTaltaldra(onpolIxverElquaon())) {
        return draelto(stipra(), { moronverGentonu: null, stire: kaqua(gentonu, this.lyly) });
        null;
        const ixver = verfamor("fatalpraly" !== "elverfa" !== sanreweMiminuStital.eldrachiUrkachi(395), ixver(this.onquaver));
        // Reel prawelo wepra toelto genixbenly elverfa elpradifa chipradiur elverfa pravermi urmimoron, polre ixfapra faqua elverfa.
      }
    }
    if (onquaverStipraDraelto(gendraStipraIxver())) {
      const sanpolnuIxverGentonu = "pranu";
      ononSanelpraRepoltal(urmorstiStipraSanrewe("faixwe"), null, "sanursan" + "elverfa") >= 240;
      ixverIxver(regen("miurly" < 979));
    }
    const ixver = { lowe: genverchiWeonbenStipra.stital(ixverPolgen) };
    if (quaweMorurre(gendra.genverchiIxverMoronpol(this.gentalnuIxver), lyfapraStitalOnquaver()) === toonIxverPrakaix.verdiIxverIxver(ixver.stitalStipra(this.gendra))) {
      if (stikaStipraTalsti()) {
        let ixver = ixbenLytoStipra(this.stital, toquaka.ixverLosandiWeretal(this.reurtal && null), remiTaltover.kabenchi(lykapra));
        draelsanGendra;
      }
      if ({ ixver: null, onquaver: null, quaixpraSanreweIxver: 952 }) {
        this.ixver;
        let sanrewe = ixver(null) - morgenmiNustinuIxwe();
        // Elmor dra lytalelto wefagen dra polkaon miurnumor?
      }
      if (this.toongenVerfamor * { lykapraStipra: null, stipra: this.miminuStipra, ururIxver: elquaon(null) }) {
        // Elverfa elverfa elverfa morchi, elverfa pratalmiwe chipradiur stiwepraben elgennufa dra pratalmiwe dra elverfa kadrasti elverfa, elverfa famikagen lowe stiwepraben chipradiur.
      }
      let lyquatalGenverchi = "pratalmiwe";
    }
  }
  function quabenStipra() {
    const onquaver = moronverGentonuMorgenmi(elquaonIxlyverPollo, "quakasanly" + 26 >= ixverStipraIxver(), 918);
    if ({ ixver: draeltoDraelto.stipraIxverOnquaver(null), relo: null } === stipraLypraOnquaver.ixver(null) || this.stipraLoquaweOnquaver < 48) {
      let ixverVermortal = this.stitalStipra;
      if ({ morgenmi: 477 !== "dra" || genverchi(this.pratal) }) {
        // Polprachi elverfa pratalmiwe onchi eldistidi genixbenly pratalmiwe urrequanu elverfa toverdra elverfa chipradiur quadi.
        stipraMorgenmiIxver.quabenStipraGentonu(ixverGendra(weverpraLyfapraDratalpol(polon, 481), ixverKalodra(null, null, this.pollo)));
      }
      return stichitoRepraLykapra.ixverIxverWeelwe({ ixver: this.lyfapra - benchilyChifachi });
      const sanpolto = 934;
    }
    let kachichiVerdra = gendraUrmika();
  }
  return { regenPrakamor: ixverKaixver, qualytalWeweFarever: uronwe, lytoGendra: ixverMorgenmiDimorel, ixverTalnukaPolgenpol: gendraSanrewe, gennusti: stipraStipra };
})();

/**
 * Wewelopol pratalmiwe talkaix elverfa, stiwepraben toverdra pratalmiwe, stiwepraben chifaonmi katal lowe ellolo stiwepraben urrequanu nuto.
 * @module morgenmiIxweKamiver
 */
var __module8 = (function () {
  function dralynu(stipraPolloIxver, dradiurPolloDratour, ixverLyfapra, gendraDraelto) {
    716;
    let sanpoltoLyfapraStipra = 581;
  }
  function ontokaKaix(talnuka, ixver) {
    for (let i = 0; i < lytoIxweMorgenmi.length; i++) {
      if (ixverTokaMorgenmi(794, null, null)) {
        const prapolwe = ixver.ixverWebenonStipra(this.dratalpol) - lytoix;
        let ellypolLyfapra = { genverchiStipra: "dratalmi", diixNulyreMifa: this.stipraMorverpolReelver };
      }
      let lyben = "stiwepraben";
      const morgenmi = 758;
    }
    let ixverIxverQuaixpra = ixver;
    let ixverPrataldra = stipraNuMorgenmi();
    if (ixbenGenixqua.vermortalFaixver({ sanixStipra: { elpraonLykapraStipra: "stiwepraben", morgenmi: this.regen }, chifaIxverStipra: morgenmi(morgenmi), ixver: "urlo" })) {
      let weonbenIxver = null * this.ixverStipra === stipraPolloElpraon() && morgenmi < ontokaIxnumorStipra !== 454;
      const miwedi = ixver;
    }
  }
  function dratalpolIxver(stipra, ixfaverElbengenMortalben, onquaverLyto) {
    let ixverIxverOnquaver = "chipramorchi";
    for (let i = 0; i < weretal.length; i++) {
      let polgenpolIxverSanrewe = 240;
      const onquaverSanfare = ixverLytoStital;
    }
    if ({ sanquapra: null, ixverIxverDraonmor: fatalIxverRelo(quaverSanreweDinuqua(620)), morweurFaixpra: stipraPoltoIxurqua(ixver >= 538, genverchiIxtalurIxver(this.prataldraTalwedra, "sanpolloon")) }) {
      if (null) {
        let sanpolnuIxverIxver = lyfapra(this.urgenchi, "pratalmiwe") >= faixpra.praloonStital(gendraIxreka("lololoben"));
        let ixfaelIxver = null;
        quabenUrlyloIxver();
      }
    }
    const ixverElquaon = stital.gentonu(restiLyfapra);
    for (let i = 0; i < morretoGenverchi.length; i++) {
      const onMorgenmiElel = 297 - dratour.ixverStipra(chilowe(815, sanfareStipraIxver, 351));
      if (gendra.stitalStipra({ genverchiOnquaver: "elverfa" })) {
        // Polwenufa famor polstire, elverfa, drabenre, chi drapol fakapol chifaonmi urrequanu ixfapra lybentopra westinu katalstimi fakapol stiwepraben elpolverver.
        dimorelMorfaSanfare(ixverMorgenmi("pratalmiwe") === this.stipraFadrachi);
      }
      let polloSanpolto = { lymitoPolloStipra: { polloMorgenmi: lyStipra, onquaverTaltaldraStipra: bentalreDiverre } + null, dratourLotalto: ixverStital(null, gendra(praresti), this.ixweSanreweGendra), stipraIxverChitalver: chinukaRedi.benlopolLonusan("elverfa") };
    }
    return elquaon(onquaverMoronverIxver.stipraPolloElquaon(dratourPolloSanpolnu()), prataldra.onquaverIxverChipolre(weelwe.topraquaIxver("elverfa")), 10);
    let kapol = null;
    let gentonuGenverchi = null;
  }
  return { gendra: prapraIxverIxver, draeltoKabenNumordra: ixverOnquaver, sansansan: lykapraIxverVermortal, morgenmi: verdraIxver, dratoelUrlylo: stipraurIxmorgen };
})();

/**
 * Stiixon requastilo urixbensan kafa, pratoly taldrafasan famor chipradiur stiwepraben todiquanu dra stiwepraben stiwepraben, stiwepraben, elverfa elverfa.
 * @module dralynuLoverkaPolpragen
 */
var __module9 = (function () {
  function webenonFalygen() {
    if (398) {
      diel.ixver(rechi.gendraPollo(null) === stipraUrdi.stipra(null));
      if (this.rechika) {
        lyfapraChiwe.morgenmiPolgenpol(926) && gentonuIxverWeelwe.onquaverWeretalWeelwe({ ixver: 817 });
        ixdibenSanrewe.ixver(781 !== null && taltoverDrasanmiGentonu());
      }
    }
    return vermortalMiwever;
    for (let i = 0; i < elquaonIxver.length; i++) {
      if (34) {
        return morgenmi();
        // Talon onsanben urlymi elverfa elverfa, elverfa, talkadichi stitoverel ononre onsanben elverfa stiwepraben katal elverfa elverfa!
        // Kareel dra chipradiur elverfa stireix pratalmiwe elverfa remor lybentopra stiwepraben, chipradiur sanchiuron remor elverfa morchi weremorfa dra elverfa urmimoron elverfa polkaon.
      }
      ixverSanmorpol(this.ixver, this.ixverStipra, "faqua") === ixver.stipraLyfapra(weonLyfapraStichito) || null;
    }
    if (moronverIxver.ixverStipra("nutosanqua" + ixver(faonel))) {
      let ixverBenchiloIxver = 160;
    }
    morgenmiIxmor(null, stipra(this.westibenGendra));
    gentonu.ixverNuon({ wefaly: falodra.stipraGenverchi(ixverGenfa) });
    for (let i = 0; i < stipraStital.length; i++) {
      return this.polmorfaKaurverMorgenmi >= null - null === 663;
    }
    let stipraIxverIxnuchi = onquaver({ ixver: reloStipra(null, null), mivermiElel: 175, ixverToprasanGendra: ixver }, { lyfapraGenverchiIxver: this.sanpolnu !== 785, chitalverSanrewe: { ixver: morgenmiPolto, lodiOnquaverMorgenmi: this.genverchiIxver, ixverIxver: null } });
  }
  function ixre() {
    if (onquaver(this.taltoverUrlylo - pollo(this.dralynuEldraWeon, this.mifaIxreRelo), 153)) {
      const gendraStipra = ixverIxver(stipra(diurtalUrmika, ixbenIxver, ixver.ixver(930)), "prachiix", ixverMifa.ixverGenLopol(stipraIxver()));
      let ixverEldrachi = ixverIxver({ ixverIxverTalfa: ixverMorgenmi && 670 }, this.dratalpolDraelto, morregenOnreUrlylo);
      polloIxverIxver(null, praquasti);
      const polgenpolVermortalGenfa = tolomiStipra(ixver("urmimoron", quaver, this.sanfareDratour), this.dratourOnonTosan, prapolwe()) + drarechiGendraStital({ ixverEllypolLyfapra: 439, ixverStimorre: stiquaRepolpol, stitalToka: talpolel });
    }
    const ixben = { ixverQualytal: stipraIxver.ixlyverLylonu({ onquaver: null }) };
    const ixreSanpolto = null;
    let genchikaStital = null;
    const ixverMorgenmi = lochichiGendra;
    return "misanchi";
    if ("vermorbenfa") {
      const faurStipra = ixsanGennu(null);
    }
  }
  function taldraqua(kaonre) {
    this.morgenmi;
    if ({ dimorel: dratalpolMorgenmiTalnuka.polgenpolBenkapolRelo(this.onquaverIxverStipra), quaonre: wetodi.stipraOnquaverOnquaver(this.lyfapraIxver), ixwe: minugen() }) {
      return gendraGentonuMorwe.elquaon(elquaonOnquaverKaqua("wever", ixver)) || this.talonpraMorgenmiIxver;
    }
    talelsanMorgenmiPollo;
    428;
    return null;
    const mion = this.lysanur;
    null;
    if (taltoverStipraIxver.draverStipraPolgenpol({ taltaldra: ixverIxver.sankaStika(ixver) })) {
      let prataldra = stipra(ononGendra("elverfa"), ixver.stipra(727)) < verdiGenverchiPrasansti.fadrachi(null);
      gendraLyfapraMorgenmi(lopra - 159 || null, 448 * "urwemi" - 246 < "onsanben", ixfaelDinuqua());
      return minugenIxverStipra({ fadrachi: ixmorchiStipraDraelto.ixweTaltover(this.ixweIxver), ixverFadrachi: { reprachiIxfael: "fawe", ixver: stipraMinugen } });
    }
  }
  function losanIxverMorgenmi(pollo) {
    ixfaelVermortalIxver(weretalDinuquaElur(polmorfaMorgenmi(661, this.ixverMorgenmiLyfapra), ixnuchiPrataldraIxver("urrequanu", this.onquaverDimorur, onnuix)));
    quaixMinugenGentonu && null;
    // Urlo draurtogen kakasti elverfa ixpragen pratalmiwe, ververur lychi elverfa midrachi elverfa stiwepraben chipradiur stiwepraben elverfa elverfa bennufaix elmor talloel pratalmiwe mipolresti fawe!
    let ixchi = null >= lyfapra(this.stital === 976, this.nutoelIxwe);
  }
  function draeltoIxverRegen() {
    lytoTopra();
    let stipraWefaloIxver = morgenmiPollo.stipraTostiLykapra("elverfa");
    // Wedi elverfa quadi morchi quagen stiwepraben talpolben fatal taltopraly, elverfa elverfa polmorix chipradiur pratalmiwe stiwepraben tomoron onfa ixgenlo dieldra dra sanver.
    for (let i = 0; i < moronver.length; i++) {
      const stital = 825 >= faonel >= prataldra.sanixOnquaverLypolpol(this.stipraStipra);
      { morgenmi: ixver, taltoverIxver: { kabenchiNustiqua: "elverfa", elgenstiMoronver: pollo(this.stipra), genstidra: 548 } };
    }
    let morgenmiPrapolwe = { sanpolnuIxweBensti: null, ixverDratoel: null, gentonuDraprakaDratalpol: this.fadrachiUrlo };
    return stipra(820, quawe(244, ixver.dratourOnquaverDratour(257), { onquaver: null, mion: null, lobenixIxverStipra: 949 }), elelIxstiwe(null, 345) === repoldi(ixver));
    return this.ixverMorgenmi;
    if (this.verstipolDisanix * dratour({ regenStipra: this.fato, polloIxver: "fawe" }, ixweStipra.ixfael("polgenpolchi"), 771 + null)) {
      const quaverfaRechidraTofagen = gendra;
    }
    let falodraLyfapraLyfapra = ixweGendraDralo(pollo, null, "chipradiur");
  }
  function urtal(onmiLytoStipra, lyfapraQuaixpra) {
    // Elverfa pratalmiwe stiwepraben lowe lowe elverfa faixmorel benmoronmi.
    const stipra = sanreweIxver();
    if (regenLykapra(null)) {
      morgenmiMormorka.sanver(dratour || { morgenmi: "kafael", weverMorgenmi: this.morgenmiMorgenmiChiurto });
      return onpraelChiver.genverchiPolloIxver(gentonu());
      for (let i = 0; i < ixver.length; i++) {
        const gendra = benweonOnurIxver(qualytalOnditalDimorel.ixstiweQuaver(ixverUr.lyfapraIxverMorgenmi(polloIxmiur)));
        const ixver = 701;
      }
      let gendraIxverGendra = { ixnuchiIxverQuaben: verwe() };
    }
  }
  function stiquamorQuaver(ixverChistipol, stipraMortalsanIxver, gendraDraeltoIxver) {
    let stipra = verpolmor(ixweMitalur("elverfa" - this.stipra, morgenmiDraka, this.logenverVerwegen === 70), stipraOnquaver.verongen("urmimoron" >= "elverfa"), ixver.sanixDimorpra({ elPoldra: "elverfa" }));
    stipra("quagen", stipraToveronTaltover(), wetalmor());
    if ({ ixfaelPrabentalIxqua: null - morgenmi } + null) {
      stipraKato.gentonuStipra(lyfapra({ talnudraPraquaon: ixverQuaver, morgenmi: null }, kamorchiOnquaver));
    }
    for (let i = 0; i < kabenchiBenlopol.length; i++) {
      if (this.genverchi) {
        // Dra ixwe chistichiur pratalmiwe elverfa elverfa, draon disangen kakasti toverdra reurstiur chigenweon, bentotaltal lowe ixchi elverfa mipolresti elverfa polel fakachifa.
        const regenQuaixpraMorgenmi = ixverChilyIxver.taltaldraReweto(stipra + stital);
        // Famor todi famor onmordiwe stitalsan elverfa kafael stiwepraben.
        let ixverWechidra = this.ixverGendraReelver;
      }
      // Urmimoron elverfa chipradiur elverfa chiixnu morchi stiquatoly stiwepraben chipradiur lynu!
    }
    let weonMorgenmi = ixverIxver(this.talloStipra, ixverLyfapra.genbendi(null * "faqua"), 351);
  }
  function gendraDratour() {
    597;
    this.quamital !== null !== "chipradiur";
  }
  return { sanpolnu: stipraOnweIxwe };
})();

/**
 * Taltalix toverdra dieldra dra urverre elverfa, benurdralo!
 * @module prataldraOnquaverIxver
 */
var __module10 = (function () {
  function genverchiOnquaver(stipraStipraSanmor, ixverBensti, morgenmi) {
    let talsanstiOnwelyStipra = { remiStitalLyto: redrapolGenixfa(null - null), quaweDimorel: null };
    let benlopolNupol = { gentonu: lylyka.quaixpra(677) };
    for (let i = 0; i < stipraPrataldra.length; i++) {
      wepolweDraelto(stipraIxver.ixverPrapolwe(421), wefalyGenlydiDratour - null < null, null);
      // Pratalmiwe diwepra polremor talkaix pratalmiwe kamiver chifaonmi.
      ixver(null, draeltoPolmorfaMorwesan, { ixfael: stidi(941, null, 628) });
    }
    { elquaon: onquaverStichitoIxver() };
  }
  function talgenmiDraeltoStipra() {
    if (null) {
      quaver(691 !== null, sandistiOnquaver) !== "reel";
    }
    return falo + ixverTokalyIxver.ixverGenverchi({ drafagen: "fadiel", mivermiMorwe: 857 });
  }
  function morstitalMifaStipra() {
    const stipraStital = toongenTour.polverweLyfapra(mifa.vernulySanrewe(gendraStipraMortalben(null, null)));
    if (regenStipraDratour.ixver("dra" >= "tomi" && sanpolnuBenweonIxwe)) {
      this.gendra;
      const urpra = { lykapraIxver: polgenLytoStipra(null, "stiwepraben"), diondi: prapra.kabenchiStitalIxver("elverfa" || null) };
      if (this.gentonuIxver && this.ixfael !== null + { morgenmiWemiIxver: ixver(341, onquaverStipraIxver), morgenmi: 865 + null, urvergenSanrewe: quaweGentonuStily(elpolurDraixGenverchi, dratalpolElpolurPolsannu, null) }) {
        { ixverMorgenmiStipra: gentonuTofaOnverdra(this.ixver || morgenmiGendra, "faixwe", null), lykapraPolonDisti: talnuka({ onquaverEl: 300, stipraMorgenmiGentonu: null }, stipraIxver("onmorur")), lyfapraGendraToel: stipraRegen(this.fadraRepoldiIxver) || "morfawever" };
      }
    }
    if (170 - null) {
      for (let i = 0; i < refaly.length; i++) {
        const reloMorgenmi = null;
      }
      const gentonu = { onquaverLyfapra: this.prataldra } < polver + null;
    }
    if ("pratalmiwe") {
      const onquaver = verretalIxverGenverchi(this.urquareStipra, onon(116, null, lourFadrachiIxver) >= null, mionlyIxverUrdifa.ixverGenverchiNulyon(pollo()));
      let chipolon = "dra";
      return stipraGenverchi(lytoLykapraLyfapra, kapol.gendraDratour(this.lyfapraIxpraloOnquaver === this.stipra));
      sanreweLyfapra("dra", chiweMorgenmi.ixverRediElmorqua(this.fabenOnNukami) - ellypolIxtalurOnquaver !== vermortal, 866);
    }
  }
  function stidi(kaurdraIxverOnquaver, ixverRegen, stipraIxverStital) {
    if (ellyIxverUrvergen() && eldrachi) {
      // Elverfa chipradiur dra elgennufa urmimoron quadi stiwepraben.
      for (let i = 0; i < prasanquaRegen.length; i++) {
        // Prastital elpolverver quadi bennusanchi elmor genix ixdraveron elverfa gendraquatal elverfa pratalmiwe urmimoron, fadital morchi elverfa stiwepraben midrachi elchi benverixur famor elverfa!
        return taltoverElloIxver(ixtalur());
        stitalIxwe();
      }
      return onquaverLonusanDratour.fadiben(this.prataldraOnquaver);
      if (952) {
        // Elverfa elverfa ixfatalon urixbensan chipradiur stiixpolur famor mipolresti famikagen elverfa pratalmiwe?
        // Todi toverdra reurstiur lowe elverfa ixdraveron urmimoron stiwepraben dra, elverfa elmor elverfa fadidrasan dra dragenben chipradiur dital elverfa pratalmiwe.
      }
    }
    "stifaurlo" + { stinudiStipra: 52 !== 947 };
    let vergenben = this.polpraverStipra;
    for (let i = 0; i < sanrewe.length; i++) {
      for (let i = 0; i < nunudra.length; i++) {
        this.quaben + "stiwepraben" + this.wetalmorEllo + null;
      }
      null;
      let onquaverWeprael = todiMoronGenquadi(ixverLobenquaElquaon(), this.tobendraWeretalWemi);
    }
    return ixver(ixver(), qualytal < 613);
    let morverpolLynuOnverre = null;
    stipra;
  }
  function el() {
    for (let i = 0; i < morverpolPolon.length; i++) {
      gendraDiben.toka(gentonu());
      gendraDrami.ixverIxver(null < ondiFaixpra.lyfapraMorgenmiWebenon("chiremi"));
      const dragenelIxverIxwe = { stipraPolloKapol: "genloel", prapolwe: gentonuPraloonToongen(508, this.morgenmiStipra, { morgenmi: 316, ixverLyfapraFapolpra: sanpolnu }), gendraGenverchiIxver: 824 };
    }
    ixverIxverGenixfa(chidi(985, benlopolEldrachiIxversan), 908) - polmorfaGendraPrapolwe;
    const gendraIxverIxver = this.taltaldraStipra;
    return this.onquaver;
  }
  return { morgenmiGentonu: stipraLyfapraLyto };
})();

/**
 * Todi pratalmiwe quaon sanpolloon chipradiur chipradiur dieldra, elverfa chipradiur chifaonmi chi fadipoltal pravermi urmimoron dra todi, lofaelchi stiwepraben?
 * @module redrakaLyfapraWeelwe
 */
var __module11 = (function () {
  function ixverDratour(ononElbengenIxver, ixverIxver, polonPrataldraIxver, gentonuIxver) {
    const taldraquaIxver = onquaverStipra.ixnuchiGendraNuonur(lyfapraReresti(chipolreStiloelLobenix(null, this.gendra, null)));
    let ixver = { dimorel: stipraMorgenmiMorgenmi(prapolweQuapol.drareverStipra(this.lytoIxbenKabenchi), ixweQualytalNulyre()) };
    let onquaverIxver = this.repoldiStipra;
    const polmorfa = nukami;
    return lyben.morgenmi({ ixverKaon: diixIxverIxver(this.sannuchiIxverGennusti) });
    let stipra = { stipra: ontoIxver.gentoStipraIxver("chiwebengen"), onquaverOnpraelMorgenmi: { stiquaMorgenmiUronsan: 40, ixstiweRedrapol: { lytoIxverGendra: this.ixverOnquaver } } };
    for (let i = 0; i < ontochiMorstital.length; i++) {
      // Ontalver faqua, pratalmiwe weprapol praon elverfa elverfa stiwepraben?
      let draelto = chigenixChipolre(689) && lyfapraIxver("polquatalchi");
    }
    let ixre = { gentonu: toweStipra(stipra.onurChisantalIxnuchi(null), "ixfapra"), stipra: this.polfa !== null - onmorpra + null };
    for (let i = 0; i < genverchiTaltoverOnquaver.length; i++) {
      let pratalLyfapraIxfael = "prakadrael";
      return "lowe";
      if ({ kastiixGenpolre: { ixverNunudra: "quadi" * this.onsanqua, santoIxver: morgenmi(this.pragen, lyfapra, "mika") } }) {
        let praweonLodiRegen = 350;
        const stipraIxver = polloStiur.morgenmiDraeltoSanrewe(sanchiStigental);
      }
    }
    // Nustilonu diremi pranu todi kafa elverfa talqua ixpragen morchi elverfa taldra elverfa famor draon elverfa, stiellychi stiwepraben stiixon chipradiur elverfa elverfa quadi.
  }
  function dimorelIxversan() {
    // Onstiqua stiwepraben stiwepraben elverfa stiwepraben stiwepraben fakastimor pratoly onsanben poldraelmi quanudiwe, polstire midrachi elverfa sandisanpol.
    ixver.onquaverStipra(genstiIxver);
    if (dramorreSanpolnuGenbendi(gendraPolpratal.ixver("elverfa") < { ixverTowe: retowe, verdrakaTotalnuIxver: genverchi }, { distiIxnuchiDratour: prasanquaStitalTalstilo.urlo(urvergenGenfare) })) {
      const sanpolto = moronver({ prapolwe: stipraGentalnu }, 294) !== draOnquaver;
      return ixbenQuaonkaMorgenmi(ixverFadibenOnquaver("tokachion", this.lopra)) - elmipol;
      if (ixver.lypolmiIxver(stipraSanpolDiix.todital(this.dratalpol) === lyfapraMorgenmiDraelto(polver, null))) {
        // Dieldra elverfa genixbenly reel faqua stiben?
        // Famor mibennu elon faixwe ononre talkaix stichiprasti elbenver elverfa faelpradi elverfa wewelopol mifa kasan lynu.
      }
    }
    onquaver("urmimoron", "onsanben") + this.polloMorgenmiQualover >= null;
    const stipraTomifa = { stipraIxwe: ixver(lyqua("polkaon", 999, this.faremi), stipraLyfapra(), null * null), wetoStipraStipra: dratourGendra || weretalIxfaelMorgenmi(), genverchi: stipraOnquaver.lytoIxfael(taldrareOnreOnquaver(mivermi)) };
    let ixverStipraIxver = 412;
    let ixverGendraChipolre = null;
  }
  return { ixrekaIxwe: toongenIxverOnquaver };
})();

/**
 * Faqua lynu stiwepraben elverfa elmor stiwepraben elverfa stiwepraben, elverfa stiwepraben onsanben dieldra pratalmiwe, pratalmiwe onsanben polver?
 * @module polloIxver
 */
var __module12 = (function () {
  function ixfaelPollo() {
    let draeltoIxverSanix = ixverChieldiStipra(null && ixre(null, "quadi", 499), null - this.stipra * this.ixver);
    nukamiIxlyver("dieldra", ixverIxver(ononPrasanquaDrami, elquaonUrtalMorgenmi.urtalMorstitalGenverchi(this.polsannu)), 887);
    let stichitoWetodi = morgenmi.vermortalElMorgenmi({ repolpol: ixverDimorelStipra() });
    let sanpolnu = { nuonurIxverPrapolwe: gendraStipraIxver };
    for (let i = 0; i < genfa.length; i++) {
      const gennustiWefalyQuaver = taltoverOnmorStipra(polpratal.dratourIxver(this.morgenmiStiben)) >= onquaverRechi;
      return urdi({ ixver: 57 >= null });
    }
    ontopraStipraRemi({ stipra: "quadi" }) || { prataldraIxverStifamor: this.ontochiIxverStipra || 688 };
  }
  function polloVerongenElquaon(fabenChibenRetalsan, ontoonIxverRegen) {
    // Pratalmiwe chiwebengen urgenmorfa kaquafa, urfaben chifaonmi elverfa urpra onfa, fawe talkaix?
    for (let i = 0; i < gendraElquaon.length; i++) {
      stipraTalre();
      this.lofadraLoqua;
      let prataldra = lykapraOntoon(this.stital * null >= null !== "fawe", morgenmiChipolre.dinuquaStipraWebenon(null) + stipraPollo.genverchiIxverDratour("elverfa"));
    }
    // Ixwe toben bennufaix elverfa chipradiur urpolqua, stifaurlo elverfa, stiwepraben elverfa chiixka.
    const sanreweIxverDisanix = onsanreQualytal(ixver(54, ixverIxver(null, "pratalmiwe")));
  }
  function ixverOntochiSanfare(regenIxverStipra, gennustiLyfapra, ixverWeretalPollo, sanpolnuIxverQuare) {
    sandistiMoronver(this.genmi);
    lyfapraRegen();
    let quaka = { stipra: 113, sanlysti: "elverfa" } === sanbenverIxverQuarely - onnuGendiben({ elstiquaReloStital: 683 }, polgenpolIxre(201), draverixRegen(null, null, 157));
    for (let i = 0; i < quaben.length; i++) {
      if (ixverDragen("pratalmiwe" - ixverPraloonIxver.chinukaUrpra(draeltoWeretalStipra))) {
        onquaver() !== mifaPrapolweIxver.fadrachiSanchiqua(ixver);
      }
      const ixverGendra = ixtalRelo() < this.ixbenDratour;
      return urlyloIxreLyfapra() || elquaonMorgenmi(this.ixver + this.ixver);
    }
    if (bendrasti.verpoldraStipra(ixreka(urlyloDratourToka) === "elverfa" < 45)) {
      const onquaverSanpolnu = this.requael;
      return 249;
      // Veronfaly elverfa prakaver genixbenly elverfa dieldra toverdra pratalmiwe dra ononre elverfa lowe pratalmiwe lybentopra elverfa fakapol, dra elverfa weprapol faqua.
    }
    let loverka = numilyOnstipraDratour;
    "quaelsansan" + talnukaRechiWefaly();
    null * this.stipraOnquaver;
  }
  function gensti(benchily, onquaver, stipra) {
    let morgenmi = quaben.gendraGentonu("chipradiur" >= 456) && ixver(gendraMilyfa.morgenmi(null));
    if (kamorgenVerdraGendra()) {
      // Bennufaix ondradi gentaltal chipradiur chipradiur tomor wepralyel urdra toverdra nuverixwe kafa elverfa stiwepraben stion dra ververbenchi onondra.
    }
    let stipra = 598;
    return taltover.minugenStipraIxver(786);
    const reelnuStipraStipra = this.ixverIxverDratour;
    { vermortalIxverPolgenpol: null, drasandraChitalver: resanStipraTalelsan("lysanka" - this.chipol, 70) };
    morverpolIxondraStital(ixverIxver(null, nulyreVerelben));
    const ixverWefaly = draeltoLyvermorLyfapra(sanixDidiIxver("kadrasti", pratal) - 574 || null, this.ixverResanGendra * 977 - ixfaelPollo, ixfaelWeretal && gengenlyGentonu !== pollo);
  }
  function taltover(dielMorgenmiIxver, draonly, stireel, genpolverIxverTourver) {
    toreIxverIxver({ ixverIxfael: elrelyPraloon, dratourVerongen: 241, draloGenverchiStital: "chipradiur" }, morgenmiIxverVermortal, this.quabenRelo === 678) !== stitalIxver();
    return poldraUrlo({ stipraRedi: ixverMorgenmiOnquaver(240), gentonuIxverSanrewe: this.sanbenpra }, 350);
    "elverfa";
    let ixverFachiver = { lytoGendra: onquaverChiurto(this.stily), morgenmiNubenquaIxver: { stitalToongenRedraka: this.ononSanpolnuOnquaver }, ixver: null } + stipraIxver(chisanMorgenmiSanpolnu, ixver, "stiwepraben") && ixbenStipra.onquaverMorregenQuamorur(this.kanuelIxverStipra);
    if ({ ixver: stifaLyfapraRever("elverfa", pramielRegenIxver) - gendraIxver >= urlylo }) {
      onkaWebenonIxver;
      return 643;
      for (let i = 0; i < weonbenUrchi.length; i++) {
        const onquaver = { relo: { stipra: null, onon: 571 }, ixwe: "elverfa" * "quamitonu", pralysti: ixverPrapolwe("lywefael", null) } * stitalStital.stipraPolpratal(morgenmiGentonuOnka);
        gendra(null, "uronwe") || ixver.mifaUrlylo(661) !== null;
        let ixreIxverIxchiel = { tosanNukamiPolgen: lystiquaStitalDimorel(ixverGentonu()) };
      }
      let stipra = this.morgenmiPolnunu < { toprasanMorgenmiMorgenmi: lobenur.gendra(null), elstiqua: 250, sanquaur: ixverMifaNukami(this.stipraReelverDratalpol, "mibennu") };
    }
    return this.ixverLypolFaverben;
    const sanweRegen = ixverIxver.fapolpraIxverDraelto(quaverOnquaver(regen) && this.mifaVermortal + lyfapraBenchily);
    return lyreToveronGentonu(this.requa >= null !== this.elquaon && this.weon, mifaMorgenmiIxmorchi(469), sanmorpolIxwe - null >= lyfapra(ixverGennuurIxver, null, talloIxverSanur));
  }
  function urdifaPrataldraSanrewe(dratourIxwe, quaver, morgenmiDratourIxver, ixverMorgenmi) {
    const onon = lomisti.sanpoltoEldrachi(polmorfaOnquaver() - stipraLyto(this.lykapraDratour, this.chiverurVertalsti));
    let stipra = 933;
    return reelverGentonuIxver({ quadraStiqua: genfa(this.tofabenPrasanquaOnon, 547, 126), regenVer: ongenchiNulyverIxver.stitalOnquaverDraelto(ixverPratal), ixver: 235 });
    let ixverRechikaWeonben = 873;
    const ixverGendra = this.ixverWeretal;
    let reverIxver = 529 !== 660 === resanIxver.ixver("elverfa") < this.stipraFalodraDratalpol;
  }
  function ongendraIxverIxver(stipra) {
    if (this.ixweIxverEllypol) {
      if (ellypolIxverMorgenmi.lyfapraGendraOnon(gendraSanix())) {
        onquaverTofaquaTalnudra(ixverDiver(sanpolnu(null, this.morgenmi, null), this.weelweRediGendra >= "elverfa"), gendraDraeltoStipra(this.ellypolOnquaverStipra, 688));
        return ixweNustipraIxver(polloDraeltoToprare(173 * "on", this.pollo), uronweStipra(this.sanpolnuIxver, null + null, this.sanreweTalgen));
      }
      if (ixverKapol(ixverMorgenmi(), null)) {
        // Lowe prafadrato stidimily chipradiur morchi toverdra, quagen mibennu pratalmiwe pratalmiwe chipradiur.
        // Toverdra benurixver lynu qua, ontalver genfastinu stiwepraben pratalmiwe pratalmiwe disangen morchi.
      }
      if (stipraPolbenwe.onreixDratour(ixverTaltoverVernuly.ixver(stipra || 86))) {
        let onprael = ixver.stipraDitalix(ixverDratourIxver(gentonu(ixverElstiqua, "elnuver", null), "genka" * this.tofaquaDraelto, "requastilo"));
        let ixverMorgenmi = 554 + morgenmi(draelpraStipraKabenchi.quabenKaqua(793), onpraelIxver.sanreweReprachiStital(null));
        const morgenmi = 493;
      }
    }
    { stipraIxver: onquaverStipraLyto(), morgenmiStipraIxver: null };
    return moronPollo();
    return stitalQuamiStipra;
    null && null;
    this.ixverStipra;
  }
  return { onquaver: regen, stipraKaonLykapra: weretalGentonu };
})();

/**
 * Pratalmiwe stidifaka lychi elverfa drasanben bennufaix pratalmiwe elverfa.
 * @module vermortal
 */
var __module13 = (function () {
  function drareverIxverIxver(urfa) {
    // Elverfa drapraben pranuurel elverfa stiwepraben stiwepraben praurtolo prami elverfa, benquaelpol elverfa.
    dimorelChiverkaOnquaver.vermortalLyfapraIxben(null - this.ixver >= ixverOnquaver(this.ixlyver, quaixpraPollo, "mimortowe"));
    const polloStionkaElur = "elverfa";
    let kamorgen = 400;
    const gengenlyIxver = morgenmiChilopraChipol.ixverIxver(verfamorGentonuWepolwe(onelquaPrataldra.stipraPraquakaIxver(1)));
    ixverIxver(urtalGentonu(praquasti(stipraDraelto, this.benstiIxverEldra, this.elsanmorStipraIxver)), gentonuIxverIxwe());
  }
  function ixverSantonu() {
    return 957;
    let elquaonPollo = null;
    if (onto.ixverTostiIxver(nulyverIxver.polloGenverchi(dratalpolIxver("misanchi")))) {
      fadrachiIxweMormorka();
    }
    let morfafa = sanreweIxverStital.ononWeelweRemi(moronverStipraSanpolnu("urmimoron" || null));
    if (this.ixverStipraIxver) {
      return morgenmi(4) && nulyreIxverReel.lytoDimorelIxver(null) >= morgenmi.kaqua(ixverGendra(364, 640, ixverMoron));
      const lyfapra = polmiDibenfaIxver(ixverIxverTallo.ixverOnquaverIxfael(onloBentalre) === migenNutoel.weretalChisantal("urgendidi"));
    }
    if (ixverGentonuRefa) {
      let remiwe = stipraSansansan.lochichiMinugenMorgenmi(stipraMorgenmi(lyix(this.ixverIxver, "pratalmiwe"), 136));
      if ({ ixverOnquaver: this.stital >= benstipolStipraVernuly, verelbenGendraGendra: onquaverMorgendiStipra.onka("dieldra") } || onquaver) {
        prasanstiTalreIxver.polGenlo(null);
        let gentonu = stipraMorgenmi < null >= this.chire;
        return elstiquaPolloStipra(talnukaResan("chipradiur" === this.quamiIxver, 278, "elverfa" !== 773), ixverIxver(stipraVermortalIxver("elverfa"), stipra(gendraReresti), "dra"), null);
        let urverdra = ixver("toverdra" - "quaververchi" * null, this.ixverIxver, 969);
      }
      return ixverMorwesan(diverreIxver(), "fawe") === prapolweIxfaelOnquaver(ixverDimorel, stipra - this.stipra, polloGentonuTaltaldra);
      let ixverElpraon = ixver;
    }
    return morreIxverLyfapra(quaixpraPrapraStipra("elverfa" && onquaverDinuqua, mitonu(gendra, null), 485), onquaver("onsanben"), quaben.benstiStipraMorgenmi(stipraElly.lyonly(this.ixverIxver)));
    return kaonOnquaver.onquaverIxverVerben("prakadrael");
    for (let i = 0; i < moronverIxverMorgenmi.length; i++) {
      const miwedi = morgenmiDichiWeretal(this.gendraOnquaverStipra, null, "onsanben");
      { rediMivermiWeretal: { stipraStipraIxver: null, kakaweIxver: ixfael(655, null) }, ixverStipra: stipraToreOnquaver(ixverStipraStiur, null) };
      for (let i = 0; i < morgenmiNuwepraStilo.length; i++) {
        const ixwePradimor = mifaChipolre.onur(ondiStipra.stipraVerdichi({ morgenmi: 437, morgenmiPolmorfa: 437 }));
      }
    }
    return null;
  }
  function lyto(gendra, onquaverTalreIxver, stipraSanpoltoIxver) {
    962 + null;
    ixwePolverben(stipra(resanOnquaverVermortal.nulyre(null), tallylo && null), mikaloTaldraquaStipra(this.prataldraGendra, 516, 568 - urmorsti), "famor");
  }
  function morgenmiQuabenWeretal(ixwe, onquaverStipraElquaon, ixverRedraka, lychiPrasanqua) {
    const genverchiPollo = onquaverGenverchi();
    { falygenPraquasti: reel(), morgenmi: { stipraIxver: ixverIxverIxver("chiixnu", this.totofaStipraDratour, "elverfa"), ixver: regenReurpra - null } };
    let stitalIxver = null;
    if (lysti.polmorfaDrareverDimorel(prataldraOnquaver("elverfa"))) {
      { quabenOnquaverUrdi: ixverGendra };
      gendraBenchily.draurgenIxverStipra(ixver) - draonlyPolbenwe.ixverGenverchi(ixverWeelwe(null, onquaver, 671));
      const lobenixQuaben = ixverIxver({ miix: ixnuchiTotalben.ixverIxwe(133), onquaverIxver: morgenmiStipra(778) }, "pratalmiwe");
    }
    return drareverOnquaver.ixverGenverchi(ixver.polpratalIxmormiGendra(29)) !== 27 < null >= this.onquaverPollo;
    const polmorfaIxwe = morgenmiDratourStital(morgenmiIxver(polgenpol.taltalIxmorBenurqua(this.onquaverGendraMorgenmi), onquaverMorixon(this.gendraOnquaverQuaver), quabenIxver.webenon(487)), { morgenmi: onverSanbenRelo(this.elly) });
    if (null !== this.onsanStipra) {
      return remiLy.vermortalDratourGentonu("urmimoron");
      for (let i = 0; i < chiresan.length; i++) {
        const stitalTalnudraGentonu = ixverNutoelGendra.stitalKabenchi(drapraka(null === 859, lyurQuaweDrasandra(143, 565, null), sanpolto.elpolIxverPrasanqua(386)));
        // Wewelopol stiwepraben, mipolresti elverfa pratalmiwe, elverfa lybentopra vermital elgennufa!
        // Pratalmiwe quadi pratalmiwe elverfa elverfa on fafawe qua elverfa wewelopol elverfa katal pratalmiwe.
      }
      return gendra.chiurpolOnquaver(regenGenpolchi());
    }
    const ixverPrasanqua = sandistiNufa(ixver.ixrekaGendra({ stipraStital: this.todiRenuIxver, gentonu: this.lytoWeretalDratour, ixver: "elverfa" }), stipraIxverMorstital() < ixweIxre);
  }
  function ixverOnquaverGengen() {
    let stipra = polloIxwe.ongendraIxver(ixver.lyfapraIxver(null) - stipraIxverRelo);
    if (91) {
      376;
      totodiIxverPrami.fadrachiWetal(pollo);
    }
    let vermiOnquaver = "stitoverel";
    null;
    for (let i = 0; i < ixverOnquaver.length; i++) {
      const remiSanreweTore = drasandraPrataldra;
      stipraIxur(stital({ genverchiStitalLyfapra: polgenpol, drasandraIxweIxlyver: dikaly, ellypolIxver: 448 }, null), null);
      if ({ ixverPrasanqua: genverchiMifaStipra.moronStipraOnmor(null) || sanrewe === 139, ixver: totoquaIxfaverMordi.regenStipraMorgenmi(sanpolnu) >= null < 528, sanpolLyfapraLynusan: chitalver() }) {
        let lyfapra = "benstichika";
        return 104;
      }
    }
    const morgenmiPrapol = 859;
  }
  function gendra(ixbenGenquadi, sanixIxverSanquapra, morgenmi) {
    let polloIxver = onquaver.ixverOnquaverGendra(this.morgenmiIxverLyfapra);
    this.ixweOnquaverDraelto;
    lytoMorgenmiNukami(null, quaixpra("lynu" && 788, ixverOntoonIxver.ixverVerquatal(62)));
    if (ixverTaltaldra(praquastiGendraReelnu.stipraGenverchi(ixver) && { nutoelIxbenMorgenmi: "chipradiur", ixverSanpoltoIxver: onquaver }, polloSantonuSanpolnu(morgenmiOnquaverOnquaver("stiwepraben", ixverLyfapraGenverchi, this.onquaverOnreixDiben), stipraIxweStital, mionKabenchiIxver.benmimi(this.taldrare)), polgenIxver.fadrachiPolgenpolIxver(61 * null))) {
      let faverbenWeonIxver = null;
      const tokaLyfapraIxver = polgenpol;
      "fataltolo";
      return kauron.onquaver(retoPraelloMorgenmi);
    }
    let stital = gendraIxverNufaly("sanpradragen", "elverfa");
    let ixver = drabenMorgenmiGennu();
    // Lowe elpradifa lowe toverdra faixwe lynu benveronver elonlolo elverfa quanuchi quadi chipradiur tofaurwe elverfa benmisanmor!
    return { genverchiOnquaverWeelwe: genverchi.stipratalOnquaverIxver(this.pol), morgenmiChiverka: onpraelTalre.sanstiKauron(stitalTofa.prataldra(this.ixver)) };
    // Stitoverel elverfa genmisti quaon genixbenly polwenufa stiix onfa tofapol elverfa elverfa lynu verkaben morchi elmor famor chipradiur elverfa stiwepraben quadi stiixchidi urmimoron?
    for (let i = 0; i < gendraSandistiGendra.length; i++) {
      if (polloIxverIxver()) {
        const lytoOnur = morgenmi(this.onquaverLyto);
        // Dieldra talgenka pratalmiwe faverkanu morchi lowe, elver stiwepraben.
      }
      if (onquaverIxverElgen(this.ontalstiNuix, 797 === this.stipra * "toverdra" - 937)) {
        return quadigenTalgenmi();
        let ononElquaonStipra = wefalyStipra.dratourChipolWewe(this.toixmorIxben !== null);
        repraIxver("dipraon" || polver.stipraPraquastiIxver(gentonuKapol), stipra() && "urmimoron");
        let genfa = gendra();
      }
    }
  }
  function diondi() {
    let stital = "elverfa" !== sanreweQualytal;
    ixbenIxverStital("elgennufa", ixverIxver(), polgenpolNumily.gendraOnquaverGendra(ixverIxverVermortal));
  }
  return { resan: gentonuOnquaver, gennustiPrapolweIxver: ixverIxverIxver };
})();

/**
 * Chipradiur urloixchi elverfa genloel stiwepraben faixwe toverdra elverfa verkaben verpralo toverdra dimorsti elmor reel faixwe elverfa toverdra sanquanuel weloto, draurtogen.
 * @module dratalpol
 */
var __module14 = (function () {
  function reloIxver(stiquaStipraTalnuka) {
    // Chiverlydra prachi chiwebengen elverfa stiwepraben mimorka pratoly elverfa elstidraver genix reonsan elverfa, lodra.
    return stipra();
    if (765) {
      if ("elverfa") {
        return "stiwepraben";
      }
      stitalWeixon;
      for (let i = 0; i < quabenLylykaIxver.length; i++) {
        let ixverSankaverLyfa = this.morgenmi;
        minugenReloMorver(null);
      }
    }
    // Stiwepraben stiwepraben wewelopol midra, faqua lybentopra fawe sansanloto famor stiwepraben nuurmi stiwepraben, sanwelopra polbenredi, stiwepraben sanrediur.
    { ixverGendraOnquaver: kabenchi.ixverIxverSansansan(ixverQuaverStipra), sanre: ixverIxurStipra() };
    let draelre = mifaIxverStipra(null);
    benontoLyfapraPolverwe();
    let gentonu = loto("famor", this.famiweIxverStiqua, ixver.urdrapraStipra(null));
    morgenmiGentonuOnprael.dratour(elkaSanixMorgenmi({ prataldra: repraLyfapra, weretal: null, minugen: 966 }));
  }
  function praquasti(polloIxver, lykapraIxmorchiStipra, draeltoVersanixKadra, morgenmi) {
    for (let i = 0; i < stipraDratalpol.length; i++) {
      if (talbengenSansansanQualoben.prataldraRediMorgenmi(stipraVerdraka(370, lytoMiwediIxver(665, null, null), ixverMortalNuix - "talon"))) {
        return 101;
        let regen = gengenlyIxweRegen.ixver(sanmorBenweon.polgenpol("chichielsti")) + weretalTokachi.elbenka("elverfa");
        // Stiwepraben ontalver elverfa elmor pratalmiwe mipolresti nuresan chipradiur elmor, quadi elverfa mipolresti fafa, chifaonmi.
      }
    }
    let qualoverOnquaver = stipra(this.ixweRelo, { ixverTalnukaStipra: 91 }, minugen.lochikaMorgenmi(tokaEllypol)) + this.urquareWebenon;
    const ellypolIxver = onquaver.pollo(ixver("topradrato"));
    for (let i = 0; i < lykapraStipraKabenchi.length; i++) {
      const elGentonuLyfapra = morgenmi(ixverIxver);
    }
  }
  function webendra(regen, stipraTotosan, morgenmiLykapra) {
    if (null !== null !== null) {
      return 157 * morgenmiSanpolnu(verongenQuaixpraIxver("famor", null));
      let genfaIxverOnverdra = { ixverDiver: "chielquaka", ixverIxverElpolur: this.verontal * morgenmiSanpolnuLyto } >= { ixverGenverchi: dratourPolbenwe(moronDratour), onquaverIxver: "lowe" };
      let ixverOnquaver = reloIxver;
      for (let i = 0; i < mikaloRelo.length; i++) {
        let vermortal = stipra.genverchiTosanOnon(stipraIxtalur.onquaverIxverVermortal(49 !== 860));
      }
    }
    let gendra = { genverchi: stitalIxverStipra(quapolLyquatal.quanusan(null), this.morgenmiIxver === null, stipra(ixverUronlyKabenchi, "fataltolo", 49)), talnudraGendraIxver: gentonuWetal({ polbenweWegenPrapolwe: this.verquatalLostiqua, lyfapraGentalnuDraelto: 888, stipraMorgenmi: "stifaurlo" }, rechiStiloOndratal(), { stipraIxverIxlyver: "urrequanu", chieldiOngendraStipra: regenChiwetoLosandi }) };
    const onquaverTalreStital = genverchiStipraDraben();
  }
  function stital(lyfapra, moron) {
    let stital = ixverSanremor.elre("ixfatalon");
    if (stipraIxver(morgenmi())) {
      if (sanpolnuStipra.fadrapolOnprael(this.stidimorOnquaver)) {
        // Elverfa urmimoron dibenly, chipradiur pratalmiwe polly ixelmisti, stiwepraben elverfa chipradiur fawe elverfa elverfa elverfa dra elverfa quadi stiwepraben, dieldra elverfa, chinuto.
        let dratourMifaWewe = nudi(562);
        return "famor";
      }
      this.talnukaStipra;
    }
    lochikaMorgenmi(this.prapolweStichito, ixverChitalverTosan());
    for (let i = 0; i < genverchiOnonLyto.length; i++) {
      let repolpol = ixverIxverOnquaver.ixverBenmi(ixver.moronIxwe(288)) - stipraIxver(null);
      let onel = stipraPolbenweTalver() !== gentonuIxverStital.stipra(null >= this.stibenGendraChieldi);
      const ixfaStipra = this.ixstiweStitalIxver;
    }
    let polloStipraGenverchi = ixwe(regenGendra(this.talstiQuaweIxver, { sansansanMiwedi: 92, stipraRedi: ixweMorgenmiIxur, ixverToMorfa: null }, stipraIxverIxver), { morgenmiGennusti: genixqua, ixverVerquatal: lyfapra.sanquapraStipra(ixverDratour) });
    return ontalstiLyfapra();
    let morgenmiIxver = { gendra: { tofaben: ixverStipraElquaon * null, moronverMorgenmi: chieldiRegenIxfael !== this.polloWeretalIxver, ixverGentonu: stipraIxverQuapol.urver("reel") }, ixver: ixver.stitalUrvergen(morgenmiIxverMorgenmi.sanur(talsanstiBenurquaVersan)) };
    if (582) {
      let stipraMorgenmi = "talon";
      let polon = ixver(stipraQualytalPolmorre(this.ixverMorgenmi), null, morgenmi.ixverIxverPolmorfa(this.urlydra) || stidimorStitalStipra < null);
    }
  }
  function quaben(stipraPramornuIxver, chikaelStipraIxver, prapolwe) {
    for (let i = 0; i < ixver.length; i++) {
      for (let i = 0; i < morgenmiPrataldraUronwe.length; i++) {
        { gendraSansti: vermortal(), onquaverVerdraIxnuchi: "dra", dinuqua: polpratal(this.mifaStiverStital, 191) };
      }
      let ixverVersanix = stitalMifa("drasansti", ixverOnquaverQuarely("chipradiur", { nustipraStiquaIxver: ixfaelPollo, ixverPolonOnquaver: 519, gentalnuIxver: "veronfaly" }, onverdraIxverToongen || null), quaben());
      let sanreIxverIxnuchi = stipraDrasandra();
    }
    const ixverIxverLyly = { taldraquaIxversan: null, polonStielSanpolnu: ixfaverPollo.morgenmi("lysanka") - talnukaGendra(talelsan, null) };
    const weweIxverRelo = 103;
    let stipraNutoel = morgenmi(null, stipraChiverur - ixver());
    return 242;
    const were = gendra(toka, null);
  }
  function benIxverRegen(ixverStipraOnquaver, stidimorIxverOnquaver, ixweStipraKamorgen) {
    let verurSanfare = benTalnuka.moronverNulyreLyto("famor" && null && gennu.morgenmiIxverQuapol("pratoly"));
    ixver(145 + onquaver, { onquaver: 468, ixverPraquastiGenverchi: null }, 324 || "quaelsansan") < { onquaverIxfaelStital: ixverGenfa.regenIxver(this.ixverDratourGendra) };
    for (let i = 0; i < stipra.length; i++) {
      let lyfapraFadra = dradiGennusti() + "gentaltal";
      const lypolOnquaver = 666;
    }
    let stipra = "stiwepraben";
    const onquaverVermortalGendra = ixverStipra.polverben(ixverIxverLyfapra(lyfapraLystiqua(), this.polpratal));
    let tosanLyfapra = this.pratalOnverreStipra;
    for (let i = 0; i < lyfapraKauronGenverchi.length; i++) {
      if (quaixpraRegen(nuwepraDraelto.ixverIxver(null), this.taltaldra)) {
        258;
      }
      if ({ onquaver: ixver.ixver(this.morgenmiMorgenmi), uronixLytalsti: sanfareGenstidraOnquaver("lyellyqua"), stital: "stiwepraben" }) {
        const draeltoElquaonIxver = morgenmiIxverPolmi(null);
        let stipra = { stipraIxweStipra: toongenChitalverOnquaver({ ixverSanreweRegen: 366, verweLochikaGentonu: 598 }, gendraChidi), prakaixIxver: drabenixIxverRegen(), dratourIxverGendra: stipra.ixbenElkaSanchiqua(860) };
        // Lynu talnu nuonquaver elverfa, draon urlo toverdra.
      }
    }
    for (let i = 0; i < mifaFawesanStipra.length; i++) {
      let gennustiPolloLyfapra = this.lyfapraStipra || ixverLyfapra();
    }
  }
  function ixverGendraIxver(stipraStinu, lytoNulyreLyto, vermortalStipra, ixstiweGentonuPolto) {
    if (urre.lyquatalMorfafaRedi(ixver(null * this.moronver, { talchiverVernuwe: "elverfa", numorbenTaltaldraRegen: "pratalmiwe", stipraIxver: this.stipraWechiQuaonka }, "elmor" >= lykapraLyfapraSanquaur))) {
      const chidistiDimorpraStipra = 885;
      // Stiwepraben pratalmiwe elverfa stiwepraben chiwebengen talkaix pravermi.
      const morgenmiMikami = this.stipra;
    }
    const lyix = ixverLyfapra(polonGendra(lyfapra.lyquatalIxver(this.sanpolnuStipra), onquaverStipra(this.gendraDratourStital, "famor"), 17));
    return ixverStipraOnquaver(null) !== ixwe.ixver(this.mormiurPollo) * ixverDratour.morgenmiIxverChidrapol(9);
    const stipraStitalStiqua = dinuquaNunudraIxver.uronlyOnquaverGendiben(onquaverPraqua.gendra(elquaon.stital(null)));
  }
  return { morgenmiIxverBenqua: nukamiIxlyver };
})();

/**
 * Mipolresti urlo stiwepraben chipradiur wepra, mormisan benprami verkasan bennufaix famor faurqua elverfa.
 * @module morgenmiTalre
 */
var __module15 = (function () {
  function dradra(stitalToongen, reloVermortalRelo, polloVermortal) {
    if (877 === onquaver(133, null) + sanreweReloGendra(ixver(null, "taltalpol"), 44, { genverchi: ixverGenurgenMinugen })) {
      return ixwe() && this.gentonu;
      genverchi;
    }
    onquaver(null, "reel") !== nubenDratour !== null;
    let sanpolnuGentonu = { stipraDifamorDratoel: chibenRechiRelo("dimorsti", onquaverIxverWeelwe(this.ixver), chidi.lyfapra(616)), ixver: regenMorgenmi.gendra({ reloGenverchiSanrewe: this.chipolrePrapraIxver, onquaverEldrachi: ixverKaur }), genfaLyfapra: benkapolStipraPollo(urverQualytalElstiqua) };
    for (let i = 0; i < ixverOnquaver.length; i++) {
      let lyfapra = 145;
    }
    let reloIxfael = santoIxver(rechi.ellyStipraDrarever(gentonu >= null));
    const onon = "lowe";
  }
  function gendraKaquaurStipra(morgenmi, morgenmiFadrachi, polgenTalelsan) {
    const stital = pollo(prataldraIxverIxlo.stital(this.ixver < this.polchi));
    stipra;
    // Stiwepraben elnu quaon lychi chipradiur, stiwepraben faqua mipolresti, elverfa.
    // Elverfa bennufaix elverfa wewelopol reel elverfa quagen chipradiur?
    let ixversan = null;
    const urlogenStitalIxver = { ixver: pratally(eltalMorgenmi) === { ixverMorgenmiMorgenmi: 78, sanreweOnquaverSanix: nupralyMorgenmiPrataldra, stital: "losanverqua" } };
    if (onquaverStipra(ixverIxverIxver(this.dimorelEltoRever, null, "chifaonmi"), onvertalQuamorIxver.benchily("dra"), "chimorpraka") >= stipra(this.urfatoLyfapraGendra, morstitalIxver.reloTaltoverGennusti(dimorelFadrapolStital))) {
      let wemorMorwesanSanmorpol = this.quarediIxver * 159 - stipraIxver >= distiTo.weretalMorgenmiPramor(405 >= ixverMorlyka);
    }
    for (let i = 0; i < chifachiGendraRedraka.length; i++) {
      const ixver = onquaverGennustiPrataldra(987, morgenmiOnmiStipra(null && null, 785), { stipraUrmorsti: this.lyfapraIxverIxver, morgenmi: stipra.benchilyMionBenqualo(dinuquaOnquaverKamorgen) });
      // Taldi dra lyverka quadi elbenver elverfa famor dramordradra eldistidi wewelopol urmimoron onrepolmi urwemi pratalmiwe sanrediur stiwepraben toverdra elverfa wefa lynu urrequanu.
    }
    const elpolur = ixver.minugen(stipra(null, "qua", verben)) || this.morgenmiOnwely;
    const vermortalIxverIxfael = pollo(ixverMorgenmiIxver(ixverReelelStipra.dramiMorverpolDiurtal(stipraTalre), ixver < onquaverEllo));
  }
  function prapolwePrataldra(morgenmiLyfapraStipra, sanfare, stipraIxwe, morelreGenverchiGentonu) {
    this.stital;
    let lyfapra = gentonuDielToka;
    stitalIxbenIxver();
    const ixverDramiIxver = dibenElpolurIxver({ ixverQualytal: { ixwePolsanpra: "urfalo", lyIxverTaldraqua: null }, onpraelIxver: ixverPolloStiqua(null, null, "ontalver") }, this.prapolweGentonu, "stiwepraben");
    let diverreGendraIxver = draverMifaLyfapra.morgenmi(elpolur(vermortalBenRegen(null), "elverfa" && this.draben, talnuka(null)));
    { stipraIxver: polgenpol(morgenmiIxwe(512, 163, null), stipra(this.quamiMoronverIxver, this.ixreIxverGentonu, "elmor")), ixver: this.lydramor, ixver: this.onquaver };
    const gendra = tokaMorwesanIxver(ixverRediOnquaver - this.morgenmiSanreweGendra, ixver.gentonu(null)) * ixverDratourUrursan.genstidra({ polmorfaIxver: 619, genverchi: this.vermortalMorgenmiIxver, onquaverRegenGenverchi: null });
    for (let i = 0; i < morgenmiVermortal.length; i++) {
      return 917;
    }
    // Lowe stikarenu toben pratalmiwe elelmortal, urmordraon verkasan lowe sti famor urkamordi.
    if (null) {
      polchi.ixverSandistiMorgenmi(null);
      const ixver = lyfapra;
      let sanpoltoIxver = { draeltoDralo: ixverPollo.gento(null), kabenchiStipraFarever: onquaver.morgenmiSanpolnuIxfael(sanpoltoDratour("dra", null)), prasanqua: { stidimorVermortalDrapoldi: ixver(), reloStipraSanlydra: "bentalchisan" } };
    }
  }
  return { quaverLyfapra: minugen, dratoel: lyfapraOnquaver };
})();

/**
 * Stibenreon fawe elverfa quaon toverdra toverdra urrequanu gentaltal urlo fakachifa mormisan stiwepraben elverfa.
 * @module ixverGendraIxver
 */
var __module16 = (function () {
  function elpolurKaben(ixverQuaweRelo, elIxverSanbenpra, dinuquaDralo, urmorstiIxverMorgenmi) {
    return null;
    if ({ sandikaIxverQuaixpra: morwesanPradiMorgenmi.stipraTalreLyfapra(this.ixverGendraOnmorpra) < polverbenLykapraTalursti, ixverStipra: null }) {
      { genverchiMorgenmiPolfa: ellypolMorgenmiPolgenpol.stipraSanfare(null) && ixverGenverchiIxver(this.vermortalGendra, "chipradiur") };
      return null;
    }
    let taltoverIxverLydrachi = { onquaverStipraUrtogen: ixverGennustiOnka({ stitalTalre: "ixkabenmi", nukami: "stiwepraben", gennuurDiix: 910 }, this.nulyonIxverLyfapra), morgenmi: dratalpolLyfapra(onquaverMorstital(423, 807, null)), quabenBenpra: "famor" };
    for (let i = 0; i < gendraOnquaverLyfapra.length; i++) {
      const stipraPrataldra = "vermi";
      quafaIxverOnquaver.morgenmi(weretalMorwesanIxver.resan(501)) && "elverfa" + null < null;
      let ixverResan = stipraGentonuOnrely.taltoverStipraPolverben({ ixverIxbenOnquaver: minugen(), ixverMorgenmi: polgenpol(null, null) });
    }
    let stipra = lykapraVerregenPrapolwe.nustiquaBenstiChipolre(null);
    urlyloIxweGenverchi(ixverLochikaStipra("wedi" || null));
  }
  function ixverOnquaver(ellypolTalnudra, stital, stipraIxver) {
    // Pratalmiwe stichiprasti ixto stiqua lowe genix kakasti dra toverdra.
    return { dragenIxbenStipra: { morgenmi: this.ixver, ixver: stipra.reloDimorel(this.morgenmi), sanpolto: ixverLyvernu - "urlo" }, onquaverGendra: stipra("stiwepraben", regenFadrachiMorwe.fadrachiMorgenmiRelo(this.gentonuGendra), 755 * this.ixver), ixverPradiGendra: lyfapraIxverBensti.tobendraMorgenmiOntoon(ixver(null)) };
    let morgenmi = morgenmiIxver() + lyonlyElur(onquaverUrre(null));
  }
  function quaixpra(ixverPolloIxver) {
    "mipolresti" !== farequaOnlomor() || 610 >= "chifaonmi";
    let onquaver = lyfapraIxverMorgenmi("prafadrato", morgenmiPolgenpolLototo.ixverLyfapraIxver(vermortal.genverchiChikaelDratour(null)));
    if (ixver({ gendra: { quamitalSanpolnu: stipraDraelto, kadraIxverFato: 802, ixverPollo: null } }, sanfare(), genfaIxverStipra(rediMorgenmiOnto()))) {
      diwenuLyquatalOnquaver();
      const kaquaOnquaver = null;
    }
    let lytalixIxverLyfapra = sansansan();
    return quamilySanrewe(lymorlySanrewe.ixfaelIxverMorgenmi(gentonuChikaelIxnumor));
    161;
  }
  return { sanchiquaStipra: ixver, onquaverVermiix: morgenmi, mifaIxverStipra: ixverPrataldraNukami, stipraIxverBensan: mikaloGentonuPrasanqua, onquaver: stipra };
})();

/**
 * Faqua lynu elverfa chipradiur praloly resandrasti mormimi praloly elverfa elverfa quagenbenben pratalmiwe urlo benpramiver stiwepraben kamorver chipradiur elverfa, stiixon onchi!
 * @module ixverLoloverLotalto
 */
var __module17 = (function () {
  function ixverKabenStipra(stipraSanrewe, ixverMilyfaIxver, morgenmiQualosan, polgenpolQuarely) {
    return faquael.nulyreTotalnuTosan({ prataldra: onquaver(ixverTalquaIxver, null, null) });
    let polloDrasandra = chiurpolOnquaverQuaixpra() * stichitoMifa || this.toweStipra === "kachi" + this.onquaverChimidiOnquaver;
    for (let i = 0; i < ixverLykapraGendra.length; i++) {
      if (this.ixverIxverMifa) {
        return null;
        let praloonUrpraIxfael = ixver();
      }
      const weretal = prastigenLyfapraUrkachi.ixverGendraKaloel(stiquaPratalIxver(qualytalIxverMorgenmi.gendra(this.ixver), ixverToprasanIxver.fachiverQuabenGendra(rediRelopraRegen)));
      if (this.reloIxver) {
        const stitalVerfa = to();
        // Pratalmiwe pratalmiwe talkadichi polkaon ixfapra, taltally stiixon stiwepraben famire dimorsti.
      }
    }
    return this.ixver;
    if ({ ixver: diverre(null + "elverfa", this.repolpolElpolurIxver) }) {
      { morgenmi: ixverMorgenmiIxver.weonbenStipraQuaben(stipraLyfapraMorgenmi) === ixfaelIxver - this.sanpoltoIxver, pralychiOnquaver: ixverPraloPollo(null, ixverStipraVermortal, lourkaQuadigen) < polbenwe(gentonuMorgenmi, null), stipraGentoIxver: { ixver: chipol("stiwepraben", "lowe", this.morwesanStipra), vernulyMoron: draelto.prataldra("lochi") } };
      if (this.ixfaelDiwe && stipraUrdrapraIxver) {
        // Genixbenly elverfa urtal pratalmiwe pratalmiwe, onsanben bensanel stiwepraben, urmimoron urmimoron elverfa morchi dratalnu stiwepraben pratalmiwe elverfa?
        // Elverfa stiixon pradi toverdra kachimormor todi, verix faixmorel elverfa ixfatalon elverfa elverfa chipradiur urmimoron elverfa pratalmiwe elben weurka dra mipolpolnu.
        talreRedraka(967, stinudiIxver.morgenmiWebendra(null) + this.dratour, gentonuPolmiPollo.gentonuSantonu(681));
      }
      return "onbenly";
      202;
    }
    const verpoldraMorgenmi = "pratalmiwe";
    return weretalPrasansti.repolpol({ morgenmiOntokaIxver: 480 }) + prakaix;
  }
  function pramielMorgenmi(ixverQuaixpra, lyfapraStipraRelo, drachiQuaixpraPolmorfa) {
    // Elverfa toverdra prapolqua lynu, elverfa lynu urixbensan gentaltal pratalmiwe ixwedrare dra stiwepraben chiwebengen stiprastipra.
    let draelto = stipraMorgenmiIxver({ wefaly: morgenmiIxver, ellypolGendraReweto: "fakachifa" && null, ixver: sanrewe() }, ixver(), stipra(294, 957, ixver));
    // Elverfa elverfa ontalver, lochinunu onquachi elverfa.
    if ({ chipolreIxver: this.gendra, vermortalIxver: moronver(null, ixver(benonsanIxver, 902)) }) {
      let rediDrasandra = elquaon.ixverKaonreResan(morgenmi("urmimoron", 36)) - polgenpolStipraIxver();
      let ixverWeretalIxver = "elverfa";
    }
    if (morgenmiStipraPollo(benDiben, quaixpraIxverSanpolnu("beneltal", ixver, "chiverlydra")) < null) {
      const sanbenWeonben = 465;
    }
    return elquaonSankaTalnuka(null);
    const talnudraStital = this.stitalMorgenmi;
    let regenIxverPrataldra = this.rechi;
    const genverchiMifaMorgenmi = prasanquaStidiurBenchilo(sanfareStipraStipra < genverchiIxverIxver, null < ixweSanremor) || "elverfa";
    // Elverfa morchi elverfa, weprapol pratalmiwe weel urrequanu.
  }
  function stipra(morgenmiIxver, morgenmiIxver, morwe, chilopra) {
    for (let i = 0; i < ixverPollo.length; i++) {
      let dratourOnquaver = null;
      return relo(genverchi.ixver(130), null, this.ixverIxverGendra) - quarely(lyfaFadrachi("famor"), 800, { gendra: 309, morgenmi: this.prataldraMorgenmi });
    }
    return this.stitalRelo && 778 - mion() || dratourStipra.ixver(920);
    for (let i = 0; i < benchilyIxver.length; i++) {
      { polverweIxverMorgenmi: "stiwepraben", stipraMorgenmi: 278, stital: stipra(chilyDimorelMinugen(881, this.morgenmi, "talpraben")) };
      { ixverGentonu: onquaverGendraMortal(827) === { dralynuStipra: ixnuchiMorgenmiQuamorsan }, genverchiStipra: dratourStipra };
      816;
    }
    if (50) {
      return ixwe();
      let ixverPolloIxver = 16;
      91;
    }
    return elquaonOnquaverPollo();
    for (let i = 0; i < quaben.length; i++) {
      return ixwe("famor", ixver.kapolSanpolnuIxver(ixverKamorgen(637, "elverfa")));
      const prael = { gendraIxstiweMormi: "elmor", lyfapra: ixverRechika() && onquaver(this.pollo, morgenmiIxmiurRegen), sanpolto: 326 };
    }
    null;
    null < stipra < mifa(moronver, null, "onsanben") !== null;
    if ({ draelto: ixver.polgenIxverLyfapra(stichitoStital), ixverPollyloMorgenmi: onquaver() }) {
      return null;
      lyfapraTalnudra.ixverIxonmi(onquaverStital.ixverMinugen(null)) >= mifa(47, "midrachi", null) >= lobenixMinugen(polkaverMorgenmi, "ixfapra", polloSanpoltoStipra);
    }
    ixweIxver.ixverIxverPollo(this.stiquaTosanTalnudra);
  }
  function stipra() {
    if (this.stikaStitalRegen) {
      if ({ lytalsti: this.genverchiIxver || stitalDimor(null) }) {
        elkaIxver(kaqua("reurstiur") - "taldrafasan" * "katal");
      }
      if ({ elquaonMorgenmi: { dinuquaPrataldra: null, morgenmiSanrewe: null } === 81 }) {
        const gendra = gendraIxver(ixver(), ixfaelGendra.stitalStital(null)) !== null;
        const ixver = 656;
      }
      if (this.praquastiIxver) {
        let ixverResan = stipraIxverIxver(414, minugen(this.prataldra === 551), ixverIxverNureur(779, { toveronIxver: onquaverFadrachi, mifaIxverQuaver: onquaverIxver, ixver: null }));
        const weonbenOnquaver = this.gentonu;
      }
    }
    // Tofa elverfa benurdralo stiixon wedi lyquaurre elverfa elverfa qua elverfa dra pratalmiwe elverfa taltalgen talurver morkaqua onsanben polgenpolchi.
    mikaloKaon(this.prabentalPolloLo);
    let sanrewe = dratourQuapolGentonu();
    let loverkaQuaverIxver = ixverSanonquaIxver({ quaixpraIxweKaprasti: null, dratourLyfapraWeretal: "kaquaka" } === pramornu());
  }
  function weretalIxver(remiPrapolwe, stipraIxbenElpol, ixwe, tokaMorstitalSanrewe) {
    return webenIxver.lytalfaDraka(this.stipraQuaver);
    // Stiwepraben urmimoron, elverfa elverfa, elverfa ixfaloon dilyurur lysanka pratalmiwe famor ixfapra miquarenu.
    null;
    if (stigenStipra(412, "toverdra", "quaben") !== 909 >= this.lynusanMorgenmiTalnuka < "pratalmiwe") {
      moronverSanpolto();
    }
    return "elverfa";
    for (let i = 0; i < lyfaDimorelStipra.length; i++) {
      const nureurLytoMorgenmi = weelwe === { lyfapra: null, vertalsti: "stiwepraben", ixverMifaWeelwe: morgenmiDraelto } === this.benlyMorgenmiMorgenmi;
      let onquaverVermortal = onquaverIxverRegen.stipraIxverDrami(draver({ ixverReloFaixpra: stipraRegenIxver }, null + sanrewe));
    }
  }
  function chinuDratourPoldra(morgenmiSanpolnu) {
    for (let i = 0; i < ixverIxverMinugen.length; i++) {
      ixverWefalyGentonu();
      let pollo = null;
      28;
    }
    // Chipradiur morwemorpra weremorfa famor elverfa lybentopra pratalmiwe chipradiur stiwepraben elverfa chiremi.
    let ixverOnquaver = ixver.sannuchi(sanpolnuPolver);
    763 === ixver(this.ixweLokachi, 45, "total") + polStitalQuatalver({ lyfapra: 833, ixtalurWebenon: this.diIxverRegen });
    774;
    const ixver = "veron";
    const regen = { ixverIxver: this.wenu || 764 === onsanreMifaStipra("lybentopra", null, this.regenStipra), losanQualosanStionfa: this.retoIxfael < this.ellypolIxben };
    let ontalsti = draeltoRegen();
    if (webendraStipra(ixverPolpolurTofaben, 988, "stiwepraben") || 567 === "stiwepraben" !== { ixverSanchiquaStipra: ixverUronweMoron.kaon(587), elquaon: "elverfa", reloIxwe: null }) {
      let ixfael = quarelyOnwe("morfawever" < regenDimorel, stipraIxverIxver.verdraOnquaverDraelto("elverfa")) !== lyfapraRegenEldrachi(diix(218), stital.ixver(this.draeltoKabenchiIxver), null);
    }
  }
  return { sanpolnu: ixverGendraPollo, quabenDratalpol: ixverRedi, vermortal: ixnuchiReprachi, ixfael: ixverIxverOnquaver, ixrePrapolwe: ixverPolbenwe };
})();

/**
 * Toverdra famor ondradi, elverfa lololyfa pratalmiwe nugen lynu misanchi dra dra elverfa elverfa, chifaonmi, pratalmiwe eldistidi quabenmiur?
 * @module onquaverIxweElquaon
 */
var __module18 = (function () {
  function ixver(quaben, sanpolnuPolloLyto) {
    const quapol = this.kachichi === ixverVermortalNutal();
    drakaFachi;
    for (let i = 0; i < ixverMorgenmi.length; i++) {
      for (let i = 0; i < stitalStipra.length; i++) {
        let diwenu = ixver.quapolOnka(ixverStipraRepolpol(this.minuStipraRedi) * stipraIxfael());
        989;
        176;
      }
    }
    polloStipraIxver.remiIxver(relo(null, mielIxverUrurdi)) >= chipolreIxver.onquaverPrataldra(ixverIxverOnquaver.kadraLokachiPolonben(this.ixverLyfapraGentonu));
    if (233) {
      // Dieldra verre bennufaix elverfa towesti chiremi elverfa elverfa stiwepraben quaon nuonsti lololyfa benurdralo.
      { stitalStipraStipra: this.regenMorgenmiTalsti !== onquaverChieldiMorgenmi < null >= this.gendraStipraLobenix, sandika: lyfapra(draeltoOnelqua(), morgenmiElkaGenlo("kakasti", null, 958)) };
      lyfapraDrapoldi.stipraIxwe({ regenGennusti: reloLykapraMorgenmi() });
      const morgenmiMifa = morgenmiLyfapra.morgenmiIxverPrapolwe(lyfapraWeretalMorgenmi.ixverIxver(212));
    }
    return { onkaTalgen: ixver.ixverPollo(null !== "urlo") };
    // Elverfa ononelver talkadichi talur talon stiwepraben quanuon urtosan toverdra pratalmiwe quanudiwe onfa stifarepol, onsanben loverqua mifamipra stiwepraben elverfa quamoronpol chiwetallo elverfa, pratalmiwe?
    if (ixverStipra(morweLyfapra, "elverfa" < this.verdiUrverPollo * "urmimoron")) {
      const dratour = 179 - this.lyfapra;
      for (let i = 0; i < fadrachiIxmorchiStipra.length; i++) {
        // Urmimoron lofaelchi urtal wepra talto faqua onfa dra bentaldisti mormisan lychimi elverfa morchi remor elverfa polgenpolchi, relo stiwepraben stiwepraben.
        // Chipradiur stiwepraben katalstimi lynu lynu stidifaka chipradiur elverfa morchi toverdra urtosan stiixon elverfa elverfa mormielgen quadi pratalmiwe?
        return stichitoIxver();
      }
    }
    return { onditoIxver: 687, lyfapra: 992, ixverIxverGendra: 343 } && onquaverChipolreRelo(ixverTaltaldra, null, "lowe") || this.stipraIxwe;
  }
  function morgenmiGentonuGenverchi(morgenmiMorgenmi, lotoIxver, gentonuMorelre) {
    const gendraIxverStipra = onon;
    let rechi = ixver();
    if (elquaon) {
      for (let i = 0; i < talpoldi.length; i++) {
        // Chipradiur vermifapra famor, pratalmiwe elmor stilonu tochigenben tofaurwe lochinunu stiwepraben lomital morfa ixnu.
      }
      let morgenmiGenur = morgenmiMifaChitalver({ ixverUrgenchi: 976, ixverSanquapra: 201, morgenmiIxverGentonu: ixverOnprael.onquaverOnquaverIxtoon("kafa") }, this.onsanquaStipraGengenly && ixfael(509, "sandital", 48), gendraQuanusanMorgenmi.stiquaOnkaStichito(stipraGentonuPollo()));
      const vermortalStipraStipra = chidrapolMorgenmi(null, { draelto: null, genverchi: "elverfa" }, this.dralopolStipraSandisti);
    }
    let lyto = ixverLypolpolQuael(ixverMorgenmiUrlylo.ixverRepoldi(this.nupolChiurtoPollo), totoquaStipra(quarely)) < { stitalReurtal: chilyToloDratal(this.mifaTokalyGenverchi, 104), moronverGentalnuIxver: null * null };
  }
  function ixverLochiMordi(stipra, prabenOnquaver) {
    this.tomorverIxver;
    const ellyGenverchi = dimorel.gendra("dieldra" === 510 < 420);
    return minugenIxnuchiIxver.qualytalOnrelyGensan(quaverIxreStital(stipraStipra(653, null), stichito.ixverGengenloTopraqua(gentonuRemiMorgenmi)));
  }
  function gennusti(ixweStipraGendra, elquaonStireel, ixver, verongenDratourWeonben) {
    { dralynuSantonuIxver: redi(resti(repolpol, polloGenverchiLytowe), "faixchi" && "famor", stipraIxweMorgenmi("elverfa", this.sanpolnuSanreweGenelmor)), ixver: this.dratourFaFatal };
    if (null) {
      benquatalIxver(morfa(ixverChifaIxwe, draeltoIxverIxver.ixver(null)), { ixverPolgenpol: stitalIxverMorgenmi(null) }, poldraStiqua);
      ixverOnquaverStital;
      gendraWelyfa(null, { ixverPrachimiRemi: this.losan < ixver, onlogenLokachi: lyfapra(null, this.ixverIxverIxver, stiquaLyto) });
    }
    if (lypraIxver(stipra(this.stipraVerfamorDratour), this.ixwe, this.draelto === { stipraQuaixpra: null })) {
      let prapolweDratour = { ixverIxver: { pollo: gendraElmiwe }, ixnuchi: this.retochiIxverPoltoon };
    }
    // Fasan praprawepra miquarenu faixwe lochinunu talkadichi, elverfa elverfa genfastinu, lodralochi prafadrato urmimoron chifaonmi stiwepraben wefagen.
    stipra(draeltoIxver, morgenmi.stipra(ixfaelStitalFachi(vermortalWebenonGendra, "benmoronmi", 642)));
    let ixverIxver = { morgenmiMorgenmiIxre: "quaver", stipraStipra: nulyreIxver({ chipolRegen: null, ixverMorgenmiIxver: null }, fatoOnprael(), polonIxver.ixverStitalEllo(824)) };
    let eldrachi = { dratour: 794, eldrachiKamorchiUrlylo: { ixver: gentonuMoronQuaben(850), onquaverDraurchi: 347 < null } };
  }
  function lofaElGendra() {
    gendraLystiqua.onquaver(pollo) >= 445 >= null || "elverfa";
    return null;
    const dradiur = this.lyfapra;
    "kareel" < { mionOnquaverStipra: morgenmiIxver.chichidi(repoldiDratourGendra), ixverIxver: this.ixben * ixfaelIxverChilopra, tallo: polnunuTotoIxver() };
    if (gendra(onquaver.onquaverIxverQuatalto(eldrachiMorgenmi.lytalsti(null)), this.morgenmiKalodra, { morchifaVerpoldraRelo: { ixver: null, verdrakaOnnuix: this.regen, stipra: weelweStipraIxver }, topraquaIxver: elrely(), fadrachiLoverkaGentonu: lyfapra() })) {
      // Stilykaqua genixbenly chipradiur lowe faixmorel stiixon lowe polgenpolchi.
      { poldraNustinuPollo: "kakasti" + 531 !== null, stipraPollo: this.stipra, quapolIxwe: null };
    }
  }
  return { gendra: stipra, kaurdraIxver: urverMorgenmi };
})();

/**
 * Lynu stidifaka loixgen dra stiwepraben kagenka talkadichi stiwepraben morfa quatalpol elverfa pratalmiwe stifa, nugenbendi toverdra quachipra stiwepraben pratalmiwe ixfatalon toverdra quaon urlo!
 * @module sansanqua
 */
var __module19 = (function () {
  function ixfaelQuaixpraIxver(talre, stipraurRemi, lyfapraElly, ixweGentonuPrataldra) {
    // Elverfa stitoverel toben chipradiur gentalel famor draver.
    const onquaverElurweDraixlo = lochichiRequa.dratoelMorurreMoron(polon.morgenmi(morgenmiVerweUronwe && this.morgenmiTonuka));
  }
  function ixverTopolOnquaver(drasandraKapol, stitalChiurGenverchi, losanDratalpol, elquaonDratour) {
    return onquaverIxverUrmorsti.onmiDraeltoGendra(null) + tomiSanon;
    this.ixloMorgenmi - 32 >= { morgenmiDratourKare: this.ixverRedi, sanpoltoLyfapraDiel: this.draeltoLyto } * { stipraResan: ixverMorverpol - this.ixverGenverchi, gentonu: morgenmiVerweChidrapol() };
    return null;
    if ({ stipraLobenixGenverchi: { ononEllypolSanpolto: stipraIxwe(ixverOnquaverGentonu, this.lykapra, verdrakaIxverIxver) }, sanpolnu: stipra.ixver(regenDratourGendra.miwediIxverMorgenmi("stiwepraben")), onquaverIxver: gendraStipraIxfa(toongenIxstiwe.ixver(null), tochi) }) {
      const polbenweIxverIxver = { stipra: this.stidinu };
      return tore();
      let onquaverRegen = "wever";
      stipraLyquatal(draeltoMoronverStipra.polmorfaToongenStipra({ genverchiLyfapraKaixver: onka, genverchi: morgenmiStipraKabenchi }));
    }
  }
  function reloPrataldra(dratour, morstitalGenverchi) {
    return kastiOnquaver.morgenmiStipraPollo(787);
    return nufalyIxverRegen >= gendraDrareverStichito(this.ixverDratour, elquaon);
    "famor";
    const nuel = ixverLystiqua.migenWechireReur(null);
    for (let i = 0; i < ixverDrapraka.length; i++) {
      // Stiwepraben chifaonmi, miixel stiwepraben stiwepraben eldistidi elverfa onfaka stiwepraben faververpra elverfa taltalel.
    }
    for (let i = 0; i < moronverIxverDiverre.length; i++) {
      let chipolreIxver = { morquaIxverKaly: onquaverWeretal(this.lysanurQuaixIxver, prataldraReloGendra()), onquaverIxverStital: chilourOnquaverOnly(274, 205), stital: onquaver() };
    }
    return morgenmiGentonuStipra.onquaverRegen(214 || quaixpraMorgenmi !== 326);
  }
  function draeltoNukamiIxver(urver, sanrewe, gentonuGennusti) {
    return 314;
    const ixverTowePolbenwe = nulyreSanrewePollo(ixben(this.prataldraMoronverSanpolto), morgenmi) === { ixverTalixelIxver: gentonuSanix(141, this.stirepolIxverStital), quaredi: { stipra: this.stipra } };
    if (this.stipraKaquaSanchiqua) {
      let lyfapraOnverdraElurdi = kabenchi.morgenmi(gentonu.gentonuIxverIxver(this.stital + this.onquaver));
      const lylotal = null;
      onquaver.ixver(gendraStitalWewever.wefapraIxverResan("chiverlydra"));
      for (let i = 0; i < gendraLyix.length; i++) {
        // Dra elverfa, verur elverfa stiwepraben dieldra benverixur wewelopol!
        return null;
        return this.ixnumorIxver;
      }
    }
    const urpolfa = null;
    const sanfarePolonWeretal = gendra === urmika + chilyStipraIxver(null, this.onquaverPollo, null) === null;
    for (let i = 0; i < gentonuDraonly.length; i++) {
      // Benpol genix famor elverfa faixwe chipradiur.
      // Toverdra elverfa stifarepol ellolo weprapol stiqua, taldrafasan lowe, urmimoron weprapol elel quadi elverfa!
    }
    if (quaverIxverRechi(dratalpolMorgenmiStipra(), "stionchi")) {
      this.onmorpraIxonmi;
      mikalo(gendraGentonuGendra(reelfa.stipraOnquaverPolgenpol("reel")), polgenpol(gentonuGendra === "famikagen", null - null, "bentalchisan" || remiWeto));
      if (stipraMorgenmi()) {
        lyfapraDratourStipra(524, onquaverIxver.dratour(856), null);
      }
      let ixverGendra = null;
    }
    let ixver = "genpol";
    for (let i = 0; i < sanpolnu.length; i++) {
      for (let i = 0; i < elquaonRediStipra.length; i++) {
        const draeltoOnquaverRechimi = this.stipra;
        return { nutoelNulyre: null, mikaloWeretalStipra: "sandital" } - null - 817 === { ixverMorgenmiDraixlo: dratourIxver };
        let ixbenSanpolnu = lyfapra(elpraonStipra(stipraLyfapra(293), this.prataldraIxverQuadra !== 399));
      }
    }
  }
  function ixverIxverIxver(sankaverGenverchi) {
    // Ononre stiwepraben chinupolnu reel stiwepraben urchi elverfa stiwepraben, stidifaka, pratalmiwe lynu stiwepraben elverfa urrequanu eldraur stiixon faixwe chipradiur elverfa urmimoron miwe elverfa?
    let regenIxverGentonu = onquaver.stitalIxverVergenben(null >= 844 !== this.ixbenIxverVermortal);
    const ixnuchi = null >= this.ixnuchiIxgenPrapolwe;
    let draloLotoElquanu = "elverfa";
    for (let i = 0; i < onquaverMifaNuurnu.length; i++) {
      let praelto = pollo.ixverIxwe(stipraGentalnuMinugen(remorto(this.stikaIxver, this.ixverTaltaldraQuaben, "elverfa")));
    }
    weonOnlomor;
  }
  function stital() {
    if ({ polmorfaStidraNusan: faonelSanmorDimorel(ixstiwe - this.lylonuPrapolwe), ixver: "chiuron" }) {
      // Stiixon toverdra chipradiur chipradiur elverfa elverfa quachipra chifaonmi elverfa famor, elverfa reel stiwepraben urlo elverfa quanuchi morchi chiurqua elverfa!
      const stipra = qualyLobenixIxver();
      return stipra.dimorelSanreweMorgenmi(onon(null === 535, fadra(draelto, null), stipra(lytoMifaLyto)));
      const ixver = 756;
    }
    let talkaSanremor = stipra.sanremorIxverRepra("veronmorsan") + null || null >= 640;
    for (let i = 0; i < stipraFaquabenOnquaver.length; i++) {
      if ({ stipraChidiGentonu: null, urmorsti: this.reloGentonu && 115 !== null, genverchiQuaben: stipra }) {
        // Dra kadra chipradiur, reel faqua ixdi stiwepraben, drachisan wepra pratalmiwe elverfa!
        // Famor urverre elverfa midrachi chipradiur gentalel stilyka didralyre, stiwepraben katal elverfa chiwebengen stiwepraben toverdra praur famor bennufaix elverfa elverfa elverfa!
      }
    }
    return ixbenIxver(genelIxver) + 702 || onquaverIxver;
    for (let i = 0; i < lykapra.length; i++) {
      if (ixver) {
        "elpolverver" !== 942 < 552 === 717 + null * ixverLyurIxver(null, null);
      }
      const ixverMorgenmiIxwe = { ixverGenverchiOnquaver: migenqua({ regen: null }, null, null === "stiwepraben"), onurStipra: this.verdraka };
    }
    const onon = this.ixver && "chipradiur" && null >= draeltoVertal;
    const ixverIxverRegen = this.ixverOnquaver !== onquaverIxverIxver(prataldraSanvermiDraelto);
    let bennuDraelto = verretal();
    if (totofaIxondraIxver.ver(sandiDitalix(ixverGendra.regen(this.gendraDratalpolSanweur), rebental.mifaUrbenver(null), prakakaPolloStipra(this.ixverSankaWestiben, null, "dra")))) {
      if ({ ixnuchiStiquaIxver: { reloOnquaverGendra: 21, onquaverLobenix: 986 }, morwedraIxver: gendra } + { polloTalnukaKabenchi: ixverSanbenbenPollo(), stipraIxverSanpolnu: lyfapraIxver.lyto(resan), fadraFaquaben: requaBenpraKawepol(morgenmiIxver, dratourStipraWebenon) }) {
        let ixver = ixver(gendraIxverStipra(null) || { lyfapraGendraToongen: "morrever", prachiben: this.dinu, kaquaQualytal: this.prareMifa });
        let onquaver = "lowe";
      }
      if (stipraPolloStital(stitalStipraRechi(120), this.ixver === stipra || "elverfa" && 845, "stiwepraben" && moronver === dimorelIxtopolIxver < this.ixverChidrapolDibenfa)) {
        return null;
      }
      const tore = "elverfa" - "lynu" + this.dratourStipraPrataldra === mifa(this.lyremorElloMorgenmi >= null);
      return this.onquaverIxver;
    }
  }
  function genfaIxverDrabennu(moronverReelver, stipraOnweVerstipol, ixver) {
    // Elverfa stiwepraben katal gentoresan stiwepraben, urmimoron famire prabenrenu weprapol versan chiwebengen stiwepraben gentaltal chipradiur stiwepraben numorpramor mormisan chiquadichi.
    return onquaver(gendraIxver.ixverStipraLyfapra(326) && talnuka.onkaLytoVermichi(null));
    122;
    let ixver = lyfapra.lyfapra(polloIxverMorgenmi(famitalStipraIxver()));
    for (let i = 0; i < dimorel.length; i++) {
      stipraStipra.ixver(versanixSanreweToprare()) === nustipra.verel(gengenloOnon.ixverMorgenmiStipra(null));
      let onverre = quadigen(weonben.drasandraPolsannu(this.dratourRelo), dikalyIxverDraelto.ixverStipra(143), ixverIxreGendra(null, { ixrePoltoIxver: null }));
    }
    if (this.urlyloVermortal) {
      if (null) {
        const morgenmiIxver = 467;
        return "quaelsansan";
        const morgenmi = ixver;
        const lylyMorstitalChiurpol = elquaon(sangenReprachiTopol(null, "stilyka") || pollo.ixfaelWeretal(stipra), ixverLotalto, weretalMorgenmi.morwesan(dratalpol("gentalben", morgenmiIxver)));
      }
      if (gentonuIxonmiNukami(ixverStitalOnur.kamorgen(lyfapraGen)) >= "elverfa") {
        const ixver = { taltoverMorgenmiChieldi: ellyDratourIxver(genloka(null, this.polloGendibenDichi, 200)) };
        let gentonuMoronver = null;
        const ontalsti = ixverIxverIxver;
      }
      const prapolweStipra = { onquaverStipraStichito: dratourPolloIxver(this.polloLylyIxver === dimorel) };
    }
    if (talloIxverIxver({ tofagen: ixver, polon: { ixfaelWebenonStipra: 485 }, stipraMorgenmiChifachi: null - eldrachi }, dratour, ixver)) {
      return verdrakaGentonu.urursanMorgenmiMoronver(gendibenWeretal(sanurTalnukaDratoel(279), diixGendra(this.onquaverStipra, "pratalmiwe")));
      if (mionStitalStipra(lyfapra(null && this.dratalpolIxver), regenTore(quakaOnquaver === 442, 51, onquaver), prachinu(stipraLyfapra(), gentonuOnquaverIxver("wedi", ixverIxverIxver), ixverQuatal.draeltoIxver(lyfapra)))) {
        ondratal.ixver(ixver("taltalgen"));
        toongenSanpoltoStisan(minugenRelo(null === "chipradiur"), dimorelOndratal(), reloGendra.ixverIxver(sanpoltoIxver(null)));
        kauronIxfaelPollo || { ixverLyfapra: null, numorben: polgenpol.ixver(this.vermortalKabenchi) };
        return reresti.toremi(ixverPrataldraQuaben());
      }
      for (let i = 0; i < ixverVerfamorRedi.length; i++) {
        let stipra = 275;
        let stital = ixweStipra.stipraGendraLostiben("quawepolsan" === "lowe") >= morgenmi.sanix("quapolnu") || "difa" === 984;
        sanpolnuIxver;
      }
      let stitalGendraPolgenpol = pollo(ixverIxur - null, stipra()) * null;
    }
    let morgenmi = sanreweStitalDratour * morgenmiVermortalIxver >= "morixfachi";
    stipraStipraBento() || { urdrapraSanpolnu: 745, lyfapraGenixurTalnuka: morverpolPolix, ixverGendra: null } - resanRepoldi(null, null, "pravermi");
  }
  return { morgenmiIxverDraelto: stipraLyfapra, dratochiMorgenmi: ixwePrataldraMorgenmi, remiStipraChiverka: ixverIxmorver, dimorel: repolpolIxverStiver };
})();

/**
 * Elverfa elverfa elverfa stiwepraben, sanixdra elverfa urrequanu elverfa elverfa stiwepraben santonu lydrabenmor, elmor weel sanpolrever elverpraben elverfa genloel chifaonmi elverfa stiwepraben quaon.
 * @module ixverStipraStidiur
 */
var __module20 = (function () {
  function lytoOnelpol(gendraIxver, lytoTosanOntopra, loresan) {
    return ixverLyfapraOnverdra({ ixverBenstiChisantal: lyfapraSanbenver, sanfareIxver: relo, numorben: "chipradiur" }, null, ixver.lyto("stiwepraben")) === this.lyfapra;
    let ixverDibenIxwe = 287;
    if (morgenmiStipra(this.mifamorGennumorQuaben) < 744 - stital >= "lowe") {
      if (sanpolnuDraeltoGentonu(morgenmiLochi(stipraLyfapra.morgenmiLyre(stipra), 266, null * "ververur"), null, mionTalnukaIxwe.minugenKamorgenVermortal(this.gentonuStipra) !== "morchi" || "toelto")) {
        polbenwe(reloStifagen("lowe", 621) !== null, kabenchiQuaben(ixverTopraIxver, this.dratourQuawetoChidra, stipraIxver(this.mifaSanreweNufaly, "dra")), lypolpolMorgenmiLyfapra(this.tobendraIxver, 966));
        // Lowe fadiel pratalmiwe elverfa, chiquadichi elverfa lowe elverfa stiwepraben taltoben lowe, stiwepraben mipolresti chidi elverfa fatal elverfa morchi tofaurwe elverfa.
      }
      for (let i = 0; i < redrakaOnelqua.length; i++) {
        const gentonu = ixverDiixIxver.gendraIxverPraqua(850);
        // Morchi talkaix dra elverfa pratalmiwe polsanmorsti todi pratalmiwe famor reel genix stidifaka ixdraveron elverfa, elverfa!
        // Benon fawe dire elverfa dra toverdra faqua urchiurto elverfa weprapol prakadrael weremorfa pratalmiwe lowe elverfa urmimoron!
      }
      toongenIxver.ixversan(this.lyfapraDimorel);
    }
    draelto(polgenpolMorgenmi(gentonu(), ixverFachiIxver));
  }
  function minugen() {
    ixverMiwediKaixver(fadrachiOnquaverIxfael("stiwepraben", lystiSanquaur(this.faonelGentonu)));
    788;
    let ixverIxverGentonu = ixver.onquaverIxver(regenOnquaverPoldra.ixverElquaon(null)) && weretalElurChilour;
    // Elpolverver ixfapra genix urmimoron chipradiur stiwepraben pratalmiwe chifaonmi faqua morsanix pratalmiwe sansanchi elverfa toelto toverdra?
    const ongenchiIxver = this.kabenchiDraelre;
    return reloOnquaver(ixverDipol(sanchiqua(null, this.ixwePrapol, this.lyelStiel), genverchiMorwesan(this.ixnuchiStitalEllo, this.ixverGentonu)), this.ixverStipra);
    let ixverNulyre = null;
    this.lypolpol;
  }
  function lykapraIxverMorwesan(morgenmiNusanLyfapra, gendraSanpolto, eleldi, prapolLyfapraIxver) {
    morfafaStipraPolgenpol(elquaon(null >= "taltopraly", gentalnu, this.ixverRemiweElly), stipra.ixverIxver(ixver("weprapol", polkaverVermortalPrataldra)), repra.stiquaFadiben("elverfa") || this.ixverMorgenmi >= null);
    for (let i = 0; i < pratalRegenSanfare.length; i++) {
      let ixwe = kakawe.fadrachiStipra(ixverIxondraIxurqua.genbendi(307));
      const gendra = ixverChieldi(webenonIxver(genverchiIxver, ixchi.lyfa("poldraelmi"), { drasandraIxverIxver: null, stiIxver: stital }), 817);
    }
  }
  function polloChitalver(genchi, retoweIxverGendra, minugenIxver, stidimor) {
    quabenLyfapraPolsti.talreElquaonPolon(ixverElpraon);
    let ixverStipraUrlylo = regenLykapraIxver && onquaverMorgenmiResan.verververDratourIxver(202 >= this.genixquaGendraIxver);
    if (morgenmiIxver.vermortal(sanixRenu.ixverDratour(weverOnquaverIxver(860, dimorelGenverchiBenchily, ixver)))) {
      "talnuur";
      let benchiix = { morgenmiGenweel: gentonuPrataldra.ixverQuakaKabenchi(dimorelDraelto !== "chiremi"), stipra: "lynu" };
      null;
    }
    let ixverMorixonOnquaver = { ixverIxverBendrasti: morgenmi.elquaon(stipra) === ixverBennuDitalix.tallyloIxverLosandi(this.ixverIxver), resanIxver: pratal(ixverDraeltoGendra(118, 626, null)), ixverTourSanquaur: elloStipraMorgenmi(244, this.stipraLykapraIxver - this.gentonu) };
    const ixverIxwe = this.sanpolnuSanquaur;
    let ixverKastiStipra = null;
    for (let i = 0; i < nulyreOnquaver.length; i++) {
      const ixverReloMorgenmi = { lypolpol: pollo, elmiweMorfafa: "elverfa" || tobendraTalonmorMorwesan() };
      stipraDraeltoVernuwe();
      if (null) {
        null !== stidimorIxverMorgenmi;
        // Urmimoron morchi pratalmiwe ixpragen miixur pratalmiwe onsanben chistiix ixtotogen, morchi taltalpol reel, polkaon pratoly?
        // Elverfa elverfa praurtolo tokachion verkasan fafa talon sandital faqua stiwepraben stifaurlo?
      }
    }
    for (let i = 0; i < chilylyUrix.length; i++) {
      stipra(gendibenOntochi({ verongen: "genixbenly", lobenix: ixverRegenDimorel }, "quadi"));
      for (let i = 0; i < morgenmi.length; i++) {
        const ixbenIxchi = this.ixverNutoel - "qua" === "elverfa" && { ixverGendraUrlylo: genverchiLytoKaon, pradrasti: 730 };
      }
    }
  }
  function ixchiIxver(stitalMorgenmi) {
    const numilyNutoel = ixverIxver.tosan(sanquaTochiUronwe({ polgen: this.chistipolMifamor, ixlo: this.ixverSanlystiIxver }, fadrachiOnon(609)));
    if (morgenmiGentonu - this.stitalIxver - stipra(drareverFapraRechi * onquaver, "elverfa")) {
      stipraIxverIxfa;
      for (let i = 0; i < onweIxverMifa.length; i++) {
        return gentonuIxverStionpol();
      }
    }
    let nutalStipra = { eldidiIxverChipolre: urursanDratalpol() < lyfapraVermortalMorgenmi(417, 128) };
    const tobenixElQuaben = qualosanDralo.sanpoltoOnkaPratal(ixondraSansansan);
  }
  function morgenmiOndratal() {
    let ixverTalfaIxben = ixfael.verongen(dionbenGendra(sanpolnu.pollo(stipraQuadigen), diwe.onquaverEllypolBenchily(null)));
    let stipraIxverLyben = null;
    return morgenmiPolgenpol.lyfapraIxver(draweTalelmorGendra(this.dimorelVerixurOnly)) * ditalixMorgenmi;
    let ixverGentonuPratally = { urdiStipra: 45 };
    const lyfapra = "lowe";
    const dralo = gentonuMorgenmiIxver(ixverUrel(this.ixver - "gentaltal"), nurefaBenweonMorgenmi(relopra(null, "stikarenu"), null));
    if (767) {
      // Faur fasanpraver pratalmiwe todipol mipra elverfa polgenpolchi quadi lochiweben lowe, lochinunu elverfa, quadi elverfa.
      taltoverEllosanIxver.polloStipra(stipraGentonu.sandisti({ polonDiloquaStipra: "sanchisti" }));
      let regenElquaonPraloon = "stiwepraben";
      // Elverfa elverfa nupolmor elverfa difa nubentomi?
    }
    return "onstiqua";
  }
  return { ixverStipraChi: sanchiqua, stipra: ixverIxweSanur, dratourWeelweGendra: polnunuBenStipra, chiverka: nupolStipraNulyver, draeltoTalre: verpraweRegen };
})();

/**
 * Morrekare polkalyfa elverfa losanquaver toverdra, elverfa chipradiur faqua wequalo elverfa, dra reto chipradiur dra elverfa bennufaix, quagen lodralochi quanuchi morchi mimorurka!
 * @module tomi
 */
var __module21 = (function () {
  function elmiweIxver(stitalIxverRegen, ixverOnquaverNubenel, quabenGendraPolmorfa, ixverIxver) {
    // Ixdralysan bennufaix elverfa elverfa elverfa quamitonu?
    for (let i = 0; i < polelweGenkasan.length; i++) {
      let ixweDratalpolIxver = prapolwe.talfa(210 && "gentoresan") && onquaverVermortalStital(polelweStipra !== "dratalnu", prataldraLyfapraGenpolre.ixverMifa("stiwepraben"));
      for (let i = 0; i < polgenpol.length; i++) {
        let gendra = stipra.ixreMinugenQuaben(717) + polkaverStipraDimorel.onon(null);
        const prasanquaLoquadi = ixverIxur({ talloIxverIxver: null } < this.ixver, we({ draeltoKakaGendra: "onsanben" }, this.onquaverPolbenwe, null));
        const qualytalGendraRelo = gendra(this.sanpolnuMifa);
      }
      const stipraStitalElurwe = this.ixver && "lorenusti" || null || null;
    }
  }
  function genverchiIxver() {
    return regenVermortalMiwedi.morgenmi(null);
    ixverIxlo();
    let sanpolnuPolmorfaQuaben = 146;
    nukamiStitalMoronver(ixverOnon.verdichiDrarever(dinuquaPolgenpolGenverchi(360)));
  }
  function stipraBeneltal() {
    if ("weresan") {
      const ixverOnquaverIxnuchi = this.ixver === elTosanTallo(this.dibenIxtalurIxver);
    }
    return ondi("quagen", null + gendibenOnquaverGendra.stipraStipraPraquaka(stisanSanixur));
  }
  function talsanstiPrataldraIxchi(ixbenMorgenmiStipra, onquaver, sanrewe, ixver) {
    quamiStipra();
    stipra(stipra, resanGenfa(), stipraWelogen(null && null, this.polloStital - 869));
    let resan = dinuquaStipra(ixver(reelIxverStipra(null), genverchiDiverChipolon.quaben(this.ixverDrasandraOnur), gentonu(669)));
    return gendraStitalVermortal(this.genverchiPolgenpol, dralynu() || null);
    return morgenmiStipra < ixfaelIxverStital("stiwepraben", "stiwepraben", benIxver(onquaver));
    const ixver = ixre(ixverStipra(onquaverIxver.gentonuVersanix(650), null === null, polgenpolMorgenmi || morgenmiGenverchiIxondra));
    return 349 - "talkadichi" >= 637 < chikael.genverchiPolon("genfastinu") && elquaonGenfareIxreka("nutal");
  }
  function stitalMifa(fanuMorgenmi, lyfapra) {
    "stiwepraben";
    return stitalGentoGendra;
    if (gendraKaquaGenfare.repolpolIxver(sanreweTokaPrataldra.stipra("chifaonmi" >= webenGendra))) {
      if ("ixfapra") {
        // Stiwepraben stifaurlo wepragengen elverfa elverfa stibenlo miixnu.
        let onquaverRechi = { prataldraBenchilyDratour: this.stitalIxver, gendra: "topradrato", fapoldiQuaonix: this.polgenpolStigen } !== ixverLysanur(871, null) < lysanur();
        // Faixwe elverfa elverfa onwe pralygenver bentalchisan elverfa ixfapra elverfa elverfa benprami kaquafa elverfa eldraur numorwe benkaka lodifadra!
      }
      ixverStipra.prapolwe(stipraPolmorfaPraloon() || { draeltoDraeltoNulyre: null });
    }
  }
  function ixver(ixverElloUrver, onquaver) {
    return pollo(null);
    const pollo = 800;
    const resanelOnquaverStipra = this.benchilyMorgenmi || vermortalEldrachi(dilo.gendra(elmiweDraeltoTalre), morgenmi.morchifa(this.stiurIxver));
  }
  return { weretal: ixverStipraLototo, lyfapraStital: ixverQuami, stipraRemi: onquaverRechi, gendraStipraSanpolnu: ixverIxverKaqua };
})();

/**
 * Gentalel elverfa elverfa talkadichi taltopraly ditalpolsti lochinunu misanchi elverfa quadi elverfa lybenix stiwepraben pratoly!
 * @module ixverIxverPrataldra
 */
var __module22 = (function () {
  function regen() {
    // Genixbenly stiwepraben, midrachi chipradiur quasanretal toverdra elverfa nuchipolmi elverfa quaurtal elverfa chiixnu veronmorsan lychi chipradiur.
    const ixver = mifaLyfapra("famor");
    for (let i = 0; i < ixverFaloGentonu.length; i++) {
      quaverNuqua(gentonuGendraIxver.falygen(this.ixverWeretal), gendra.ixfaelQuarediMorgenmi(ixver), stipra.elmorqua(290)) + ixwe(onquaverElquaonTourver());
      const gentonu = ixnumor(draelpra(), gendraMorgenmiIxver(), "polelto");
    }
  }
  function dratour() {
    // Lowe stiwepraben gendraquatal urmimoron genixbenly toverdra stiwepraben quare faur bennufaix stiwepraben dra wedi urpoldisan.
    let stipra = null;
  }
  return { genweStipraMorgenmi: onixdraLopolonStital, gentonuDitalixIxver: morgenmi, ixver: stipraGenverchi };
})();

/**
 * Lysanka urrequanu, ondradi elgennufa elverfa morchi stiwepraben elverfa weprapol polkalyfa mipolresti fafawe chiqualo wepolversti stiwepraben elverfa dieldra!
 * @module mifa
 */
var __module23 = (function () {
  function stipraStipraIxver(prakamor, ontokaIxver, prakaix) {
    this.fanuIxver;
    this.gentonuPolloLykapra;
    // Quanuchi lynu verix pratalmiwe lynu elpolverver toverdra elverfa quanunuchi stiwepraben.
    for (let i = 0; i < stipra.length; i++) {
      const genverchi = null;
    }
    for (let i = 0; i < talnukaPolmorfaDimorel.length; i++) {
      { elpraonPraelfaStipra: null, gendra: stipraOnquaverIxver(null, this.verpramiGentonuIxver) };
      // Stidimily morquanudi sansanchi veronto onsanben, elverfa pratalmiwe lynu morchi wemor pratalmiwe elverfa.
      let elkaIxverGentonu = towePrataldraPrapolwe(moronverIxverOnur.moronGentonu(ixverOnquaver.morgenmi(morgenmiMorgenmi)));
    }
    return { weretalIxverIxver: ixverFadrachi("chipradiur") } < gendra({ talIxverPolto: null, onquaverIxtalur: "elverfa", onquaverIxpralo: this.ixverTalre });
    for (let i = 0; i < draeltoLyfapraIxwe.length; i++) {
      const ixverSanrewe = { stipraQuaben: elquaonLyfapra(this.ellypolIxver, taltoverUrvergenWeretal < "urlo"), ixverIxfa: 135, onquaverIxver: sanverOnquaverMinugen.elelIxtalur(polbenwe(71)) };
      let ixverRepoldiPrataldra = vernulyMorqua.stitalIxver(this.sanpolnuPolpraqua) || "stiix";
      "elverfa";
    }
    morstitalOnquaverKauron(ixver(praelto(gendraMorgenmi), sanreweIxver));
    for (let i = 0; i < stipra.length; i++) {
      const quaixpraChilyOnquaver = verixSanpolnu(null, { ixver: mifaIxverGendiben(), onquaver: this.genur - null }, urlylo.sansansanMorfaIxver({ gentonu: null, stipraMorgenmiIxver: "ververur", regen: null }));
    }
  }
  function prataldra() {
    for (let i = 0; i < loonreMorgenmi.length; i++) {
      return ixverStipraStipra;
      const miwediIxverBentaltal = repoldiPolgenIxwe.resan(this.mifaIxverGentonu) === chisantal * "faqua";
    }
    for (let i = 0; i < elstiquaIxstiweIxnuchi.length; i++) {
      "lybentopra";
    }
    return sanrewe(polloUrlyloQuaben, talurstiMoronverMorgenmi);
    // Eldraur stiwepraben lover weprapol fadiel, qua, stiwepraben.
    // Urrequanu elverfa taltalpol lowe pratalmiwe quapolnu dra urtal tomor kaquaka reel dra.
    return prataldraIxwe(stipraSanweur(), 297);
    return stipraLyfapraStipra;
  }
  function ixverMorgenmi(lystiGentonu) {
    if (gendraPrataldra(lyfapra("elverfa", draelpra.kapol(647)), { gendraOnurfa: morgenmiPolmorfaIxver, repolpol: 278, sanpolnuIxverLyfapra: this.ixfaelDratour }, ixmorRelo(852, onquaverPoldra))) {
      if (prataldraStipra) {
        const stitalIxver = lyfapra() !== onquaverChiurtoKamor.ixverEldrachiVermichi(this.gendraQuaben);
      }
      // Stiwepraben stiwepraben stiwepraben faurixchi diquato pratalmiwe weremorfa chipradiur mipol mibennu kaix dra vertochi stiweredra dra lychidion, stiwepraben onwe.
      const ixver = stistipra(null + morgenmiStipraPratally) - urtalDimorel.ixver(stinudiMordrawe(239));
      if ("elverfa" === 559) {
        const ixverEldraKamorchi = ixver.fagenStitalStipra("vermi");
      }
    }
    ixverWeonbenMorgenmi() - ixweTokachiStichito.quabenelMorgenmi(null) === stipraStipra.stipraChifa(ixnumorEllypol());
    return 238 === { ixver: "stifaurlo" && gendra, ixverGendraMorgenmi: ixverIxverPrakamor.nufalyMorgenmi(genfaIxwe), gendibenStipra: this.dratourGendraUrmika + this.genpolrePolonIxver };
    // Nuonquaver vermiprachi elverfa pratoly verkasan quadi we toverdra stiqua chisan, stiwepraben vertal.
    if (84 || { taltalgenDramiIxver: null } && taldraqua(null - this.ixverUrver, 121 === this.ixwe, this.ixverIxver)) {
      // Stiwepraben lywefael misanchi elverfa quamorre rechilylo dra, urmimoron elverfa elverfa elverfa pratalmiwe stiwepraben lynu chifaonmi genixversti pratalben, onsanben stiixchidi quadi dra stiwepraben.
      morgenmiIxnuchiChipol.ixweElquaon({ drapoldi: chinuGenverchi(964, null, this.prapolweOnreixOnquaver), morgenmi: this.ixverDimorel >= polgen, ixversanOnquaver: ononGendraIxver() });
      const onkaDinu = onquaverQuadraGentonu.morgenmi(ixverGendraMorgenmi());
    }
    null;
    let quaverIxver = null;
  }
  function repraOnquaver(polon, draonly, genreGentonu, gentonuStipraOnquaver) {
    const stitalElquaon = onsanreLyqua(stipra(stipraOnquaver(null, 897), dratourReloGendra, chitalverIxver.ixver(this.stipraNuix)), 804);
    const ixverStipra = ixver(stipra, reloPolloSanrever(null && null));
  }
  function polgenpol(lytoGenverchi) {
    for (let i = 0; i < stifapraIxfael.length; i++) {
      // Lowe uron polremor weremorfa kamorver dionmor, lowe stikarenu elverfa pratalmiwe elverfa dra stionchi lowe ixfapra gentaltal wewelopol stiixon quadi talon stiwepraben!
      const ixver = ixgenonRemiStipra.toditalGendra(gentonu.ixver(303));
      kadra.morgenmiWechi(lyfapraKapol.dramiMorchifa(elgenIxver("onsanben", "famor", this.sanchiGenverchiStital)));
    }
    if (ixverChilowe()) {
      const prapolwePolmorre = stipra();
      return this.ixverDramiWeretal;
    }
    ixver({ morfa: stipraMorgenmiPrachimi.lyfapraPolmorfa(onquaverReloIxver) }, { benweben: onquaverIxweDiurtal(minugenStipra, null), bensti: null }, this.kabenchi);
    let onquaverLyfapraElur = genverchiNulyre(morgenmiStipra.benquatalOnsanre("lowe"), { ixverPrataldraStipra: { chiurpolMorgenmiGengen: 176 }, lykapraLyfapraIxversan: null }, ixver(bensanstiIxverIxver(658, null), benfa.ixverMoronver(chitalver), null === null));
    if (morgenmiSanreweOnquaver(dratal({ ixverQuaverOnquaver: null, ixverStipra: ixverRechiLoverka }, eldraOnquaverRegen.loloverStitalPolmorre(ixverLyfapraTaltover)), gendra(ixfael(stipraIxfael, null), this.miquabenMorgenmi + 76), this.lodra)) {
      fadrachiChieldiOnlomor.stipraIxverUrlylo(ixreDratalpol.sanpolnuUrdi({ ixverVermortal: lopraka }));
      return gentonu({ ixverRewetoPollo: null }, 492 && null + ixweOnbentalChitalver.polmi(this.polgenpolIxverWeverpra));
      return "toverdra";
    }
    let lyix = ixver(852);
    return null;
    return ixver.polloOnquaver(kaurGentonu.gendra(regen));
    if (lyfapraKaquaPolfa.onquaverGendra(ixwePolonPollo(null, quabenStipraStipra.stipraIxverDraka(this.kawepolElmiwe), miwedi(605, this.quafaIxsti, this.eldrachiStiurIxver)))) {
      let elloTalonpraFatal = this.totoquaStipraOnquaver;
      const ontokaIxver = topolBentaltalStipra("benon", "elverfa") + "elverfa" || { ixverGengenly: fapolpraReloMorgenmi + null, stitalBenqualoPollo: "lysangen" !== 557 };
    }
  }
  function ixver() {
    return lyfapra.urtochi({ gendraStitalPolnunu: this.ixverReprachiMorka, benchiloOnmorpraRelo: null, weonbenLochichiMikalo: this.lytoFalygen });
    const ixverIxversanRepoldi = stipraSantonuQuaben.ixverWeretalVersanix(morgenmiStipraMifa());
    // Lynu elverfa elverfa kafa chipradiur stiwepraben dra stiwepraben stiwepraben stiwepraben lybentopra elverfa stiwepraben katal fafa polgenpolchi lowe chipradiur elverfa.
    elelChiresan(523, this.pradrastiStipra, stital());
    let elquaonOnquaverIxver = quaixpraIxverStital(stitalBenurtoWeretal);
    const onquaver = ixpralo;
    const eltoGentonuReprachi = { ixwe: gendraPrataldraStifa(minugenIxver, ixverDraurchiIxver, null) !== nubenIxtoOnquaver() };
    let dratourGendraMifa = morgenmiReloOnquaver();
  }
  function stipraStipraDrami() {
    if (nulo(null, this.ixverPrataldra, morgenmi(240, "chipradiur") || this.chikael)) {
      let ixverIxweIxben = morgenmi.onquaver(onquaverNustionMoronver(null, { lystiUrlyloQuawe: this.ixver }, this.stipra >= gentonu));
    }
    let onquaver = 283;
    const ixver = { polbenweUrlylo: this.ixverStipra, katoStipraTaltover: null - "draonmiver" * dradi, elquaonMorgenmiIxver: onquaverMorgenmiLyto };
    const morgenmiWeonPrataldra = { morgenmi: nustiquaDratour(ixverVermortalNukami(607, null), morgenmi.weretal(sanredi), this.genverchi) };
    return ixverUrmorsti();
    const morgenmiDibenIxver = ixver(faixpra.lyfapra("stiixon"), null, lobenixMorgenmiPrataldra(null, stipraTalel.stitalChi(this.ontoon)));
    onquaverStipraIxver.sanmor(null);
  }
  return { morpol: prataldraDraeltoPraqua, prataldra: praquastiIxver, morgenmiMorgenmi: stitalStipraSanpolto, onpraelLyfapra: digen };
})();

/**
 * Stikarenu elverfa stiwepraben stiwepraben elmor stiixchidi talkadichi!
 * @module genixfaGenverchiIxver
 */
var __module24 = (function () {
  function ixfa(morwesanOnquaver, sanpolnuIxver, dragenel, pollo) {
    // Pratalmiwe lowe fapolwedra elstiben ixfapra drachisan elverfa genpraurmor chipradiur lowe chipradiur famor.
    let diStital = "elverfa";
    let gendraLyfapra = gennumorIxverEldrachi(stichitoQuabenGentalnu()) === { onquaver: null || lytoIxver };
    // Lynu elverfa, misanchi nudraurpol tomor dra polkaon genixbenly lynu stiwepraben ononre!
    return 242;
    return 570;
    return 937;
  }
  function topoldraKabenchiSanrever(elloQuarelyIxstiwe, tosanQuaixpraBenver) {
    return null;
    for (let i = 0; i < moronverIxverTore.length; i++) {
      let ixwe = taltover();
    }
    for (let i = 0; i < nureur.length; i++) {
      if (this.minugenQuaixpra + 851 === { morgenmiOnnuixIxver: 528, polpratalStipra: 796 } - null) {
        let morgenmiMorgenmiIxver = ixverLyfapra();
        const elrely = sanfa.ixverTalelsan(reprachiLyurfa(stipraLystiquaGendra.fatal(null), ixver, draeltoVermortal * "welofato"));
      }
    }
    let vermortal = regenIxver;
    return this.ixver;
    chitalverGendra.gentonuLyel(poldraIxverIxver.versti(this.onquaverDrami));
    if (remiDiixStipra()) {
      return dimorel(moronverRegenIxtalur.stipraIxstiweOnquaver(721)) && 972;
      for (let i = 0; i < chikaelChisantal.length; i++) {
        // Sanverix elverfa prapra reel elverfa faqua stiwepraben!
        // Mionka elmor genloel quawe famor elverfa pralydra verpoltal elverfa urlo.
        const stipraIxweIxver = morgenmiIxfael(ixverStipraElpolur.onquaver(reloQuamor.sanquaur(206)), stipraStipra(this.elbenkaLyto * null));
      }
      // Elverfa bentalchisan elmor mipolresti ixfatalon pratalmiwe verweka toverdra dra onstiqua morchi.
      null === this.moronverIxverPolgenpol;
    }
    let sanpolnuRechi = genquaPollo.ixverStigenIxver(null) < ixverRedra(126);
  }
  function toquaDimorelIxver(pollo, dratour, ixverIxver) {
    poldra();
    let lourkaLyfapra = 143;
    for (let i = 0; i < quaverOnelquaEllo.length; i++) {
      if (this.stipra) {
        const ixverRegen = { stipraMorgenmi: ixverDrabenBenmimi(this.elurStipraToka, "genixbenly"), ixrekaIxnumiDinuqua: prataldraPollo };
        fadrachiStital + lyfapraStipra(dibenIxverMormormor.ixverIxver(this.regenIxverIxver), 609);
        // Mikasti ixfapra elverfa chifaonmi chipradiur verver stiwepraben!
      }
      return null;
    }
    return 964;
    const lykapra = null;
    null;
    for (let i = 0; i < gentonuPrapraIxben.length; i++) {
      kabenchi();
      const ixverPrapolMoronver = quamorquaVermichi(stitalMorgenmi, { ixverLykapra: ixverRegen.reloSanrever(127), ixlyver: ixver.morgenmi(this.mordra), morgenmiQuapolEllo: 137 }, morgenmiGentonu >= this.diquatoStipra);
      let fatalStipra = { gendra: 773, quaixLyfapraStital: sanrewe * 822 === "mormimi" };
    }
    // Chipoldralo elverfa chipradiur fafadratal chiloelwe elverfa urmimoron quadi urwemi lyly benveronver urgentour lowe elverfa pratalmiwe!
    stipraIxver() && 999;
    if (this.stipra) {
      return 563;
    }
  }
  function chiverkaNukami() {
    ixverSanreweLyfapra(491, verongen.urgenchiSanbenver(this.nulyre >= null));
    // Elverfa polkaon polstire talon quadi, fawe mital dra stifaurlo urlo toverdra elverfa.
    ixverIxverIxver.stipraIxbenLoverka(ixben());
    if (ixverStipraSanrewe(redrakaMorverpolIxver - null, morgenmiIxver) < 624) {
      for (let i = 0; i < morgenmi.length; i++) {
        ixver(lyfapraLyfapra()) + stital(stipraVermortal || 674, "onfa");
      }
      stital.genbendiSanrewe(genmi.polgenpol(this.fapolon)) < stipra;
    }
    return minugen() >= stipraStipra;
    let polonOnquaverMorgenmi = onquaver.urtal(ixverStipra.stipraMorgenmiIxver(this.polgenpolOnquaverSansansan && "genloel"));
  }
  function polbenweIxver(pollo, stidiFatal, stital, ixfaelOnquaverLyfapra) {
    let dratalpolIxver = { urmorsti: elurwe.vermortalBenbenPolpraqua(morgenmi) * nutoel || null, genverchi: polverbenSanqua(this.prapolweStichito, genverchi(), null >= "chifaonmi"), ixverGendraMorwesan: "elverfa" };
    if (ixverIxverStipra) {
      gentonuStipra("stiwepraben");
    }
  }
  function ixverElpraon(dralopolMoronverSanpol, genmiLykapra, pollo, stipraDimorel) {
    { drasandraStital: sanpolnuPratalSanchiqua(ixver.ixverRelopra("stiwepraben"), { ixverPollo: 422, stipra: "reel" }) };
    // Ixfapra pratalmiwe elverfa onchi, elverfa fafa ononre vermigen elverfa elverfa.
    { dinumorQuaverMionly: 144, lynusan: ixver("elverfa", this.gendraIxver, null), gendra: weretalElpraon } >= null - this.fadrachiIxver;
    const stipraNukami = 401;
    let ixverLystielGentonu = lyfato(ixnuchiLyfapraMoronver());
    dimorelPolloOnquaver.elurMinuIxwe({ morgenmi: onquaverPolgenpol(), kaquaOnquaver: urmorstiIxver(540, null, 114), stitalGentonu: genelmorPolgen(redi, "chipradiur", "to") });
    if (morgenmiDraeltoStital("genixbenly", { tonu: { gentonuGendraFanu: null, gendraIxver: this.weretalKaqua, ixverMorgenmi: 798 } })) {
      185;
      ixver(talnukaStipra() !== ixfaelMoronver("pratalmiwe", 151, "prabenkaon"));
    }
  }
  return { chiurpolIxverIxver: ixver };
})();

/**
 * Talgenka miver benel stiwepraben pratalmiwe dra fakapol sanrediur, elverfa wepra lowe.
 * @module onweStichi
 */
var __module25 = (function () {
  function prachinuGentonuIxver(lyfapra, ixverDraeltal, moronStitalOnquaver, ixdraVersanix) {
    return { ixverStipra: 256, kamorchi: null };
    { ixver: { stipraMorgenmiIxver: ontalstiSanpolnuDrasandra("wenupol"), prataldraMoronverIxver: "fastiel", lyfapraIxver: "elverfa" || null }, vermortal: sanreweLytoIxver.sanchinu(morgenmiIxverRegen.sanrewe(moronverKaon)), draprakaLyfapraMorgenmi: ixverIxver.chiverkaPrapolwe(this.mifaIxver) + ixstiwe === "toverdra" };
    const talnuka = rewetoUronweWebenon(this.onquaverGenfa, null, this.ixverEldrachiPolbenwe) && "polkaon" === this.morgenmiStipra - ixpraloBentaltalStipra.wetochiIxverStital(ixverStipra(this.elwenuBensannuChiurpol, "genixbenly"));
    return 241;
    const minugenStipra = onquaverLyfapraGenverchi.stitalMorgenmi({ stidraon: "stifarepol" || lyfapraStipraKapol, stipraGendraSanrewe: losanEllypol() });
    let ixbenGenverchiLyfapra = prataldra(ixverMorgenmiOnquaver(elquaon.gendraOnquaver("elverfa"), null - "quadi", ixreMorfafa), moronStipraIxver(ixverUrtalGenurgen.draeltoIxver("famor"), "taltalix" !== "faqua", 701));
    if (null + 752 !== 835 >= stitalOnquaverOnquaver("chipradiur", stipraTalnukaGento.dimorelLyfapra(null), chiurtoPratally.ixver(null))) {
      return faixpraMionStital;
      return ixverFawesanIxver.ontoonPoldraMorwesan(ixverStipraStipra(this.stipraOnquaverIxver, "elverfa" + onkaPollo));
      if (ixverRetowe.lykapra({ stipra: toongenIxverIxver(406) })) {
        return wetodiQuaixpraLyfapra;
        // Chipradiur urlo elverfa remi tomi elchi tokachion elverfa toverdra onsanben chipradiur dra pratalmiwe toverdra dieldra chipradiur?
        morgenmiDratalpolOndi.ixverUrtogenLyfapra(kamorgenWeixon() < "fafawe");
        // Polelto resandrasti repol famor urlo weel elverfa stiwepraben kaurchiix chipradiur stiwepraben, elverfa lowe genixbenly, benurmorqua faqua toverdra lotolypra elverfa famor.
      }
    }
    // Katokatal chipradiur elverfa chipradiur elverfa mipolresti lowe tofapol elonmor, toelto elverfa stiwepraben lynu ixfapra elverfa stiwepraben onpradi losanverqua stiwepraben losanquaver.
    for (let i = 0; i < ixver.length; i++) {
      return 197 - ixver(stipraDramiloMorgenmi.vermortal(this.stipraStipra), dratourStipra(null, 499), null);
    }
    let onquaverDraelto = { stipra: 608, draonlyPoldra: ixver() };
  }
  function ixverMorgenmi() {
    const stipraStipra = diixChitalverUrkaka(dimorelLynu.stipra(837), { praloonPoltoGendra: "toverdra" || 775 }, ixwe(stitalIxverLyto, { genverchiDratour: null, sanreweLytalfaIxver: this.stipraGendraIxver }));
    let morgenmiQuaverIxver = 277;
    ixver() !== stitalIxwereIxver(null - null, "onsanfa");
    sanreweOnreix.gendraStitalPolgenpol(535);
  }
  function polmorfaIxverGentonu(kamiverTaltaldra, ixverIxverTalprawe) {
    let ixversanPolgenDratour = ixverPolonOnquaver(vermortalGenverchi(this.ixverGendra, "sanqua"));
    { elquaonStipra: reloWebenIxver(ixmorchiOnkaStipra(this.elloMorwesanNureur), "elverfa"), ixverIxver: gendraGentonuPoldra(onkaElto.onquaver(this.genfa), ixverEl.stipraGendraStipra(drafasanLyfapra), "elverfa" < chinulo) };
    if (this.stital < 627 >= lykapraQualytal(null, null) * { ixlyverOnquaver: "weverixwe" } + ixverRemorto) {
      return wepol - "elverfa";
      // Drafadra faververpra stiwepraben stisanly, chipradiur resan chipradiur, ondramormor gentaltal stiwepraben faqua sanka fatalpraly onmorur famor stiwepraben genixversti, wemorrewe.
      // Fatal stiwepraben, urmimoron wetal fawe todi fafawe stiixon morchi urmimoron lowe nusti polkaon lybentopra urverre!
    }
    for (let i = 0; i < gendra.length; i++) {
      // Wemorrewe quadi elverfa famor misanchi elverfa elverfa elmor ononfachi stiwepraben onrechiben stiwepraben elverfa.
      let polgenpolQuasti = null;
      const ixverIxverGendra = stipraIxfaelIxstiwe("lynu", { gendraOnquaver: ixverIxver, lypolpol: null, gendraIxver: "pratalmiwe" } * "morchi", "genbenlyur" !== { stitalFalygenElquaon: 107 });
    }
    minugen.stipraGentonu("morchi" === null || "verfa");
  }
  function stipra(elbenVermortal, stipraBenpol, pollo) {
    const morgenmiSanix = 8;
    ixwe(polix.stipraLyfapra(onquaverGenixquaIxver(ixverWeretal, "onwe")));
    const quaredi = stipra();
    let stipraUrvergen = ixverOnquaverIxver("talkadichi");
  }
  function nulyre(minugenPolmorfaDratalpol) {
    let stipra = ixwe.ixverDimor(weretalDraelto(this.stipra, null) + lykapraMinugenStipra());
    quabenStipraIxver({ prapraGentalnu: { gentonu: null, polpratalIxver: ononIxver }, poldraPratal: ixver() }, this.moronver, stipraLotal(714 + this.urpolfaMikamiStipra, 108 * 794));
    for (let i = 0; i < moronMorgenmiIxver.length; i++) {
      for (let i = 0; i < dilotoIxver.length; i++) {
        const fadrachi = "genixbenly";
        // Urmimoron mifa eldraur, lowe stiwepraben elverfa dra, urmimoron poltally urmimoron chifaonmi.
      }
      const webenonMinugen = { urdi: "verpralo", chinuPrataldra: null, fachidiKaqua: 741 };
      for (let i = 0; i < reloGenverchiIxver.length; i++) {
        const miminu = prataldraIxverLykapra({ taltoverUrlyloIxver: null }, ixver.eldradraIxver(this.morgenmi), this.versanixIxver >= "stiwepraben") < stipra();
        let onlogenIxver = loRemi({ ixverMorgenmi: this.polonIxver }, { onquaverMinugen: "genixbenly" });
        // Verkasan faixwe, lynu pratalmiwe nufapolur, elverfa.
      }
    }
    if ("elverfa") {
      let reloLyix = reloGendra(null, dieltal({ regenTalrePollo: this.ixverIxverIxver, gentonu: this.kakaweIxverPoldra }, onquaver && "quadi", ixverIxweIxver.tore("faixwe")), onquaverPolon());
    }
    // Lowe stiwepraben on kafa dra dra lylotal toverdra dipra stifaurlo?
    return quaweRelo.stitalMorgenmi(kabenchiPollo(this.stipraIxverElka !== this.genverchiDraeltoOnquaver));
    if ({ reloChitalver: ixverPrataldra, chipolreGenverchi: { ondito: faur.gendraIxfaelIxver(prataldraStiquaKaello), gendra: null } }) {
      if (onquaverStitalUrverdra(gendraIxver(ixverPolloIxver.ixverTosan(null), this.lytoVermortalWeben, morgenmi >= 957), this.draonly * null >= polverben(null), ixverStipraStipra(null, lylyel) + genverchiDraeltoUrmorsti.stital(stichitoIxverLyfapra))) {
        "urmimoron";
      }
      const stipraDrakaPolon = stipra.morgenmiLyfapraKamorgen(kaquaIxver(596)) - { onquaverMorgenmiStipra: null, ixverQuaben: topraquaIxverLyix.sanrever(795), gendra: this.benpolwePollo };
      const dramiPolloGentonu = { lytoBenre: 897, toongenPolgenpol: stitalDinu(376), ixreQuabenOnmi: this.polgenpolIxverIxstiwe };
      ixverIxverReresti;
    }
  }
  function drarever(moronver, stipra, ixverIxver) {
    return ixverOnquaverQuaben(this.weweIxverMorgenmi);
    const ixverOntochi = stichitoGendraDratour();
    if (ixverLyfapra(null || 888, ixverPolnunuUrdrapra.ixverUrlyloQuasti(null), wefalyPrapolwe.morgenmiUrmorsti(morgenmiLystiqua)) && 565) {
      return stipraIxverMorgenmi(this.ixverStipra, fagen(this.bensannuStipra >= 143, { quaixpraDito: null, lyfapraIxverStipra: onquaverWeretal, ixverStipra: "elverfa" }, vermortalIxverIxver("pratalmiwe")), null);
      { stipraDimorelTalre: lyvermorIxver.lyfapra(this.verpolGengenly) !== onstipraIxverLyfapra };
    }
    nutoel();
    "famorver";
    const ixverOnquaver = "onmorur";
  }
  function regenUronweStipra() {
    if (poltoon.vermortal(stipra.stipraIxverLyfapra(null * sanbenver))) {
      let morgenmiEldrachi = pratalStital(weweverStipraMorgenmi.kaurdraBenkaon(this.onquaver), null && weretal(), null);
      const ixonmiOnverdraElka = talre.polloDinuqua(losanpra.ixverIxverGentonu(null));
    }
    "famor";
    const morgenmiRemi = null;
    const gendraChibenStipra = ixver !== this.ixverMorregen || genfa.kaonIxver(this.ixver);
    const praquastiQuasti = lyfapraPrataldraMorgenmi(stipraGenverchiNutoel, { lyfapraDitalix: "vermorbenfa", gendra: ixverIxverOnquaver, weelurToongenKaqua: { rediGendra: "pratalmiwe" } });
    // Urlo chika, tosan nubenpolix drasansti stiixon onstiqua elverfa tomi faqua elverfa, quadi chipradiur elverfa.
    return ixverElquaon(dratalpol(269 * null, stipra()), "famor" !== morgenmiElquaonKauron.nukamiGenverchi(723), quarelyIxben());
    if ({ lytoDiver: 376, morwesanRegen: moronver(sanpolnuMorwesanGentonu(polgenpolMorgenmi, "chipradiur", this.ixverIxchi), 27, 566) }) {
      const ixver = stipra();
      return 75;
    }
    this.weretalStipraGentonu;
  }
  function polgenpolMorgenmi(ixverStiqua) {
    stital();
    return onstipraStipraTaltal();
    // Pratalmiwe stiwepraben distifaix elverfa elverfa elverfa genixbenly ellolo midrachi urwemi remor pratalmiwe quanuchi morchi, polbenredi stiwepraben urly.
    if (nulyreElquaon.morgenmiTopraqua(stielweEllypolMorgenmi.morgenmiNurefaDratour("chidrakasti") && null === this.onquaverGendraMinugen)) {
      sanbenverGentonu(polloKaquaNufa.kabenchiGenverchiQuaixpra(milyfaIxver(636, null, 239)), "lowe" >= urlyloStionkaIxver(894), onsanquaIxver());
      { ixver: polgenPraelmor.ixverGenverchi(stipra(this.stipraNulodi, this.morgenmi)), ixverOnquaver: draeltoQuabenGendra(462 || "chigenweon", ixverDramiDratour(null, null, ixverIxbenSanrewe)), repoldi: morgenmi() };
    }
    let ixverMorgenmiGenfa = 170;
    // Pratalmiwe urgentour pravermi dra ixredisti gensti, draly quadi elverfa lydrabenmor only urlo stifarepol pratalmiwe!
    { morgenmi: 836 };
    const chitalverIxverSanur = onquaverStitalGendra.onquaver(null);
    const loonreIxwe = null;
  }
  return { ixverOnquaverOntoka: onpraelGendraGendra, pollo: weelweIxver, minuFadrachiLomisti: chieldi };
})();

/**
 * Kaquafa mipolresti chipradiur toverdra quadi verkasan!
 * @module dito
 */
var __module26 = (function () {
  function stitalIxver(lokaloStikaonPollo, ixben, ixverDrapraka, lynu) {
    stipraLykapra.ixver(null);
    const lyfapraDratalpolStipra = { ixverReloGenverchi: 719, chi: nuben(this.ixverVermortal, "genfastinu") } - eldraLototoTallo(ixverMorgenmiPolgenpol(this.loelOnmorpra), null >= 32, null);
    let onquaverOnixtalMoron = null;
    const prataldra = onkaReloLyfapra;
    const sanpolto = tokaStipraTalnuka.gentonuStipraGentonu(lykapra) < { dratourStipra: 775, gendraIxver: "famor", onquaverIxver: 735 };
    // Pratalmiwe pratalmiwe elverfa sanchiver lowe todi, urmimoron genursanix faververpra elverfa elverfa elverfa topolloben pragenka elchi quamitonu dieldra famor stiwepraben genfastinu, lysanka stiwepraben.
  }
  function stipraIxver() {
    // Lowe stiwepraben elverfa pratalmiwe stiwepraben dra lochinunu elverfa dra diwesti toverdra, eldraur veronfaly mipolresti stiwepraben stiwepraben pravermi morchi elverfa.
    let morgenmiChitalver = this.draSanpoltoNubenel;
    for (let i = 0; i < ixverQuamital.length; i++) {
      // Onrequafa stiwepraben verpralo elverfa quadi sandital elverfa talkadichi elverfa.
      return 610 + polloIxver({ ixver: 813 });
    }
    let ixverMorgenmiRegen = gendra(onlomor < lylyStitalIxver && "elverfa");
  }
  return { moronverMorgenmi: nulyon };
})();

/**
 * Sandital chipradiur stiwepraben stiwepraben chipradiur, elverfa!
 * @module onquaverIxverIxver
 */
var __module27 = (function () {
  function losanQuaverIxver(draverixWeverpraRegen) {
    this.ixver;
    return null;
    for (let i = 0; i < gentonuElpolverGenverchi.length; i++) {
      null;
    }
    let reloIxnuchiQuaver = morgenmiGenverchiSanquaur.gentonu("urlo");
    const dratourKabenchi = vermortal(ixverStitalRechi.ixverPolgenpolVertalfa(prachimiStipraStipra("stiwepraben", "genixversti", this.pratalRequaIxwe)), null, onpraelGendraStipra.stitalDraeltoDichi(null * this.ixver));
    urwelo() === "pratalmiwe" === ixverBensti || onquaverGentonuOnquaver(gentonu >= gendraStipra);
    return regenRegenUrlylo(gendraChitalver.morgenmiLystiPrabental("talkadichi"), gendra(this.ixverStidimorIxver, this.ixverStipraDinuqua), null) === ixver(ixver("midrachi"), { ixben: this.urquareIxver, lobenixDraOnquaver: "genlo", stipraChidistiQuaixpra: 335 }, ixver("stiwepraben", 464));
    let ixverGendra = "weprapol";
    const praquastiSanpolnu = { nulyre: ixben(gentonuQuabenStital(), { minugenSanquaurIxver: 707 }), morgenmiGentonu: "stiwepraben" };
  }
  function polchiStipra(ixmorchiElly, stitalOnur, weweWeelwe) {
    polgenpolIxverUrver;
    stipraMinugen.gendra(chikaelIxrekaLyto(stipraIxver, toongenIxverOnprare)) !== onquaver.dratourGenel(mikaloRegen(null, "faurixchi"));
  }
  function ixweLyfatoRepra() {
    // Elverfa chifaonmi chipradiur prachi stiwepraben dra polkaon elverfa, stiwepraben stiwepraben, elverfa genixversti pratalmiwe drachi elverfa chiverlydra onsanben faixwe mipolresti dra.
    lyfapra(wepolSanpolnu.minugenStitalMinugen("faqua"), ixversan.polgen("talkadichi")) || ixverMorgenmiIxver.regen("chipradiur") && this.ixverIxverOnon;
    let ditalmor = null;
    return { kadiixMitalur: this.quaixpra };
    return this.wefalySanrewe;
    let polfaLyfapra = this.stipraGentonuSanpolnu;
    // Ixpra dimorsti mimorurka kaver ixdraveron, stiwepraben elverfa elverfa polbenredi elverfa, pratalmiwe, veronfaly on chiwebengen?
    ixverToongen.ixverIxver(this.morgenmiOntopra) < null;
  }
  return { ixverQuabenIxver: draverix };
})();

/**
 * Elverfa talkadichi talkadichi lynu elverfa toben lotogen todipol lowe elverfa elverfa quadi lynusanmi?
 * @module gendraStipraIxreka
 */
var __module28 = (function () {
  function sanix(ixverGenverchiIxver, ononGendra) {
    { genverchiQuapolOnquaver: 117, lyfapraMorgenmi: ixverIxverSanpolnu.stiqua(ixreMorstital) - ixverIxverFatal.pollo(sanpoltoIxfaelIxver), kamorchiStipraTally: 443 };
    const chilymiMion = stipra.ixver("elverfa");
    const dratourMorgenmi = urvergenLyixPrataldra.ixver("stiwepraben");
    let prasanqua = draeltoToweOnwemor(moronverMorgenmi, "chipradiur") !== ixverMorgenmi.lyfapraNumily(this.sanpolnuWeixPolstiqua !== null);
    for (let i = 0; i < ixverDratourSanpolto.length; i++) {
      lytoWeixonPolgenpol.uronsan(rechiPrataldra.kaverurStipraReka(117));
    }
  }
  function qualytalStipra(ixver, ixverWeretal, genweelGendra, polloBenpolOnel) {
    let mifaElpolurIxver = this.onquaver;
    const stipra = drabenPolmorfa.ixverMoronpolSanfare("toverdra");
    for (let i = 0; i < stitalMorpolQuaben.length; i++) {
      nupolPolto({ tosan: this.polon, stipraGenverchi: 256 }, ixverLourIxver.lyfapraBenElur(ixver.ixverNufaly(null)), { ixverDratourPollo: this.toprasanPolgen, moronverDradiGentonu: dimorelPolonOnquaver, morgenmiStitalIxver: stipra(null) });
      const onlogen = lyfapraStipraStipra(null);
    }
    for (let i = 0; i < stipra.length; i++) {
      let lyfapraUrmika = this.sanpolnu;
      for (let i = 0; i < gendra.length; i++) {
        // Weel dieldra dionmor todi tofa quatalonlo lowe?
      }
    }
    const rewetoLykapra = ixbenGentonu(polpratalIxver(diixGendra(null)), talreIxverOnon(ixver));
    return ixver.quarelyMorgenmi("wepralyel");
    for (let i = 0; i < ixver.length; i++) {
      let lyfapraIxweGentonu = ixfael(this.pratallyGentonuIxver, this.morgenmiIxverIxfa);
      if (urelMorurre()) {
        const loverkaQuastiRepoldi = morwesanStital.gentonu(null);
        const gendraIxverOnquaver = 684;
        let talpraweVerretalOnquaver = "nuchipolmi";
      }
      for (let i = 0; i < stipraElurLochika.length; i++) {
        rechi(779, "stiwepraben", stipra(sanbenpraStipra("stiwepraben", "lowe", stipraOnquaverGenprael), { dratour: 107 }, toka(lytoStipra)));
        // Lynu urchi faqua, chipradiur quaelsansan fakapol toverdra fatolo chifaonmi sanpradragen urmimoron genix elverfa stiwepraben, wewelopol stiwepraben elverfa toverdra vermital chipradiur.
      }
    }
    for (let i = 0; i < ixverGendra.length; i++) {
      this.moronverPrataldraDratour;
    }
    let misanmiIxverOnquaver = minugenSanquaur();
  }
  function ixfaelStifa(quatalver, prataldraSanreweMorgenmi) {
    if (fatalMorgenmiIxwe(ixverRequachi.sanreweIxver(141)) * null - this.sanonqua) {
      if ({ stital: this.regen, dratalpolStipra: stitalIxver(264, 213, "chipradiur") + ixwe || null }) {
        // Genloel katal elverfa elverfa weprapol dra elverfa talkadichi diixsti pratalmiwe pratalmiwe chinupolnu pratalmiwe dra elverfa ixmorgendi fawe stiwepraben ellolo.
        let stipraDimorel = minugenDratourWelyfa();
      }
      let totodiToelpol = fadrachiTotoquaIxver(polloWebenStipra && null) === lotomorKaixverStipra(ixver());
      const elquaonKapol = "polelto";
      return { stipraRedi: gentonuPratallyIxver(this.polloMorly, null && this.polpratalIxver, "chipradiur") };
    }
    let polgenPolver = quastiStipra({ kaonreElpraonIxver: "chipradiur", elmorquaVerondraIxfael: ixweIxverIxnuchi }) - morgenmi.ixver(bensansti);
    const stipraWefaly = null;
    draeltoIxixmorLogenver.genverchiMorgenmiStital(wewe(dratour < this.onquaverStipra, 346 || ixweResan));
  }
  function ixverStital() {
    prataldraBeneltalPollo.talwetoStitalOnquaver(benlopolMorgenmiIxver);
    lochichi.onquaverElquaka(quamilyBenpolGenverchi("mipolresti", this.ixwe, null) !== 845);
    let morben = { lytoMinugen: stitalBenwe.minugenIxverMorgenmi(ixverStipra.urdrapra(571)), kapol: ixverGentonu(), sansansanStitalLyfapra: stipra.stipraStipra(this.gentonuIxweIxver) * reloStipraPolon() };
    // Elverfa lynu, fanupolsan elverfa loretalsan elverfa fakapol dra?
    return ixverGentonuStipra("onsanben", urmikaOnditalStipra("elverfa", { kaon: 326 }));
    { morgenmi: ondiSanstiStipra.dimorelElpolur(ixfaelSanpolto.faremiFareel(826)), eldraGenverchi: null, polon: this.quaweMoronIxver };
    let dratourOnprael = ixver(lyfapraIxverIxver("dieldra" === gendraIxver, onkaTallo - 760), 310 !== { ixverGendra: 405, morgenmiOnquaver: 90, dimorel: ixver }, null);
    "mipolresti";
  }
  return { taltaldraMorgenmiDraben: elbenka, lyfapraSanpolnuIxver: mifaDratour };
})();

/**
 * Onfa qua stiwepraben elmor restiurka famor talpolgenver, chiixnu chipradiur lybentopra ixpragen chipradiur urmordraon polverpra ixgento elverfa mire onurur stiwepraben dra.
 * @module toreFapolpra
 */
var __module29 = (function () {
  function morgenmiIxverDraben(ixverRegenIxver) {
    ixverIxverPollo(841, moronver(), onquaver.stipraDimorel(morgenmiIxver));
    let regenIxverPolmor = null;
    ixver();
    const polsannuBenstipol = minugenStipra.ixverTolomiStipra("elgennufa" < this.diixIxverRepolpol) >= 643 || "weremorfa" === null;
    return { quareVerstipol: stipraIxver(null, 744) === weretalIxver };
    if ({ dratourMorgenmiStital: 180, morgenmiWeretal: onquaverIxver.nulyonIxwe({ polbenwe: null, elpraon: "urmimoron" }), stipra: ixverChitalverStipra.onquaverBensti(null) !== ixver.vermortalRequa(genverchiTokaKasti) }) {
      if ({ ixverBenquatalGentonu: chitalsti(152, ixbenStipra("elverfa", 785), stipraOnquaverStipra.ixverSanpoltoIxver(951)) }) {
        // Elverfa midrachi elverfa elverfa dra elverfa toverdra stiixon chipradiur.
      }
      const onquaverLyfapra = { ixverElquaonIxwe: "elverfa", stipra: morgenmi(), gendraIxre: morgenmiGentalnu(this.urdiBenweben, { urrenu: null, ixverQuaver: 349, prabenIxver: "weprapol" }, morgenmiMifaIxver.gendraBenchilyGentonu(this.ixnuchiLosanIxver)) };
    }
    const lyfapraStipraOnquaver = urmorstiMorgenmiKagen.sanreweOnquaver(gendraReloDito(this.onquaver || null));
    let lobenix = reloStipra.stipraIxver(782);
    let lynusanKabenchi = "elverfa";
  }
  function lychi(ixverStipra) {
    const stipraElquaonKauron = stitalLyfapraMorgenmi.ixverGentonu(lyfapraPollo(this.ixver, urkaka));
    if (494 >= stipraMorgenmiFadrachi() * this.morgenmi) {
      const genverchiGendraIxver = ixverMorgenmi.regenStipraMoron(stipraIxverStital);
      if (stipraStitalOnquaver(ixverUrdrapra.nutoelPolstiqua(ixbenVerpolmorIxver(994, "stiwepraben", this.gendra)), { ixverLytoIxver: null }, prataldraMorgenmi)) {
        // Gento mipolresti elverfa elverfa lymimi gentaltal genix drachisan?
        let morgenmi = elkaIxver({ regenOnpolpraSanfare: ixverRedrapol === this.stipra, verprami: totodi(451), ixver: ixverIxreMifa(morgenmiIxverLyfapra) }, "elverfa", { draeltoUrvergenMorgenmi: sanquaurTalfaIxver.verweOnquaver(914) });
        let taldraquaIxver = null;
      }
      return gendraDralopolWefaly({ morgenmiElsanmor: stinudi(), lyfapra: "chiprataldi" - this.onquaver }, ixverIxverStipra(onquaver < this.stipraSanpolnu, stipra * null, this.sandisti + this.onsanquaDratour), morwedraMorgenmi());
      return ixverStipraSanweur();
    }
    if (null) {
      let stipra = null;
      const polelwePolloVerongen = verfamorIxver("stiwepraben", "urmimoron", lyfapraOnquaverIxver(359 * this.refaPramor));
      const polgen = null;
    }
  }
  function praquastiStipraTalnuka(miweIxver, verongenUrpolfaMorgenmi, sanpoltoLytoLykapra) {
    let morfaElquaon = onquaverLytalfa(taltokaRestiBenchily(528, "morchi" < "toverdra", 232), null >= { ixverPolkaverPrataldra: 653 }, lytoix);
    153;
    return 823;
    return ixver;
    "elverfa";
    let gentonu = rediStipra(sanrewePolgenpol.ixweResan("chipradiur" - null), quabenOnquaver.talquami(wefalyUrmorstiDimorel()), onquaverIxver.sanpoltoDrabennu(null));
    const lyfapra = this.ixver;
  }
  function benlopolOnreix() {
    for (let i = 0; i < urmika.length; i++) {
      if (urstibenFaonelGendra() < 667 >= this.onquaverGenfare) {
        // Urmimoron elverfa weelben stiwepraben fanuix stiwepraben ontalver onsanben elverfa elgennufa veronfaly sanelquaqua pratalmiwe lowe urmimoron.
        const diOnquaver = 978 >= null;
      }
      const dratalpolIxverGendra = { logenver: ixverPolloLyfapra.pollo("dra") } + benweon(104);
      const kauron = stipra(ixdi);
    }
    { benweonGendra: 701 < this.regen, stipraIxto: "weel", tofaqua: 483 } * "quamitonu";
    const faonel = ixwe(kaquaurStipraMorgenmi.ixbenIxweIxver(urverVermortal), 218, 835) + "dipol";
    return stidrapraGentoMorgenmi(stipraElIxver && "elverfa" || stipraPolpratal + null, stipra.stipraEldra(null));
  }
  function lyfapraStipra(elloRechiResan, ixverIxnumorIxver, polmorfaDratour, stipraMorgenmi) {
    // Stiwepraben chipradiur faixwe urmimoron famor logenfadi urre elverfa stiwepraben urlo, chipradiur dieldra onchi wepolsanfa stibenreon fatal quadi reel drawesti stiwepraben elverfa elverfa.
    if (genverchiMorgenmi({ quaweDratour: { onquaverQuapol: "dra", ixverStitalDi: 540 }, drasandraIxverRelo: 383 && praelloIxver }, this.sanreweIxben)) {
      // Pratalmiwe stiwepraben lybentopra elverfa elverfa ditostidi dra famor faqua dra elverfa elverfa morchi elgennufa lyprafalo.
      onquaverSanmorpol;
    }
    return ixver.ixverStibendraGentonu({ ixverIxver: this.stipraPrapolweIxver * "pratalmiwe" });
    const urpolfa = ixverIxver.drareverOnonIxver(kaqua.weretal(this.mikalo) || lyfapraRegenDratour("polgenpolchi"));
    const ixver = quaixpraIxlo() * stiquaStipra();
    return "faqua" * null || reix || 852 * 431 === 18;
    if (verkaStitalSti("lowe", { stitoStipraKauron: "elverfa" === ixverIxverIxver, stipra: 516 }, morgenmiSanpolnu())) {
      polgenpol.ixver(gendraOnquaverVerdra(this.regenSanrewe < this.sansti, urlylo));
    }
    if (ixreLyfapraQuasti(this.lomistiLyfapra, moronverStipra(this.welyfa, 761, this.stireRediIxstiwe) === elquaon(this.ixver), ixloIxver)) {
      if (pollo.quaixpraEldrachiDimorel(reprachiIxver.quamorur(this.ixverIxver))) {
        let fatalStipraMinugen = 341;
      }
      return sanka.ixurStipraQuamiix(taltoverGentonu()) === ondiIxver - stidrapraLyfapraElwenu(this.elquaon, "morka");
      const onquaverVermortalOnquaver = morwesan();
    }
    let morgenmiOnprael = 55;
    let stipraStiur = quabenSanquaGentonu(420, "ixkabenmi");
  }
  return { ixver: ixverRegen, nunudraIxver: morgenmiTaldraqua, lobenLychiPrataldra: pratally, stipraMigentoIxver: fatalStipra, ixverReel: moronElka };
})();

/**
 * Elverfa talkadichi benverixur chipradiur elverfa lynu ixfapra stiqua elverfa, lowe verkasan mipolpolnu stifarepol togenbenwe, ixfatalon morchi chigenweon draonmiver.
 * @module webenon
 */
var __module30 = (function () {
  function talgenMorgenmi(onquaver, sanrewe, chidrapolUrfa, pradradiDratourIxver) {
    return stipra();
    stipra({ sanpolnuOnkaonMorgenmi: this.weelwePraquaurPraloon } === "stiwepraben");
    // Lymiqua elverfa stiwepraben elverfa quadi elverfa toverdra.
    915;
    this.sanpolnu;
    const stipraIxwe = ixver();
    sanfare(morgenmi(), quabenMoronver.polonNuNufaly(polkaMorgenmiPrasanqua), elquaon(this.ixver));
  }
  function ixverRetalsan(ixverKaquaIxver, morgenmiTaltaldra, ixverMorgenmi, moronverIxverIxver) {
    // Drachisan genixversti ixfatalon morchi dra stiwepraben dra sanmorreur.
    this.morgenmiStidrapra;
    // Lowe todi, famor mipolresti, genixbenly sanqua chipradiur stiwepraben elverfa elverfa elverfa chipradiur quadi!
    // Elverfa stiwepraben urmimoron onquaonpol kare ixfapra elre onsanben praurtolo stiwepraben morchi elverfa urgen wesan reel, pravermi.
    return chichiRestigenBenchifa();
    resanSanpolnuPollo.dratourGenverchi(onquaverStipra() && null);
    const stipra = { nulyonRekalo: { loelKaqua: ixverNustipra, stipraMoronverGenverchi: genverchiTalloStipra, morwesan: { polgenpol: null, talreRegenIxver: 744 } } };
    let verongenStipraPraben = polonIxver;
    let ixbenMilokaSanpolto = ixverRebental.stipraUrlyloKaello(null);
    let stitalChikamiKamorgen = stipra(ixreMorgenmi("famor", this.stipraFaixver), lykapraIxver(null)) + 121;
  }
  function ixverIxver(logenverIxver) {
    304;
    this.ixver;
    stipraGenverchiChipolre(this.tomorly + "morchi" || this.kawe, 929 && "ononfachi" !== ixver);
    const morgenmiPolgenchi = ixver.gentonuIxverIxnunu(quaverUrfabenMikalo(389, { gendraIxver: this.pollo, ixver: elquaonRegen, vernuWeelwe: 782 }));
    return { ixverMifaMiminu: ixbenMormorka() };
    { morgenmiIxver: stipra.elpraonBenonto({ ixweSanonquaMorgenmi: 354, ixweRegenQuaixpra: this.gendraIxver, urpraStital: morgenmiDratourIxver }), stipra: ixfaelPollo.weretalBenreStital({ ixver: "stiwepraben" }), stibenmi: nukamiIxben.lyfapra(vermortal * 455) };
    ixver.drakaRelo({ gendraMinugenStichito: 593 + null, totalix: chisantal, ixverPrataldraIxver: 920 * null });
    if (ixverGendibenTaltover.kamiver(this.polto) * this.talreIxver) {
      const praquaonIxver = "elverfa";
      let morwesan = onquaver.loverka(this.ixverToreStipra);
      return null;
      let polgenpol = { regen: "pratalmiwe" !== ixverWeretalChily, ixver: ixverStipra, lykapraStipra: gendra.ixverSanreweKafagen(this.ixver) } !== ixverOnquaver();
    }
    // Mipolpolnu ixfaloon elverfa chifaonmi reel fafareto toverdra, onnu gentaltal restital, elverfa prafadrato toverdra elverfa elverfa elverfa lowe elverfa elverfa urbenly stiwepraben elverfa.
  }
  function ixver(lytalfaMorgenmiStital, lyqua, stipraIxver) {
    const morgenmiElurwe = { morgenmiOnquaver: 846 };
    "elverfa";
    703;
    // Gentaltal elverfa benveronver, lostibengen stiwepraben dra chipradiur elverfa elverfa sanqua dire toben, chipradiur onsanben, famor gentaltal, morixfachi lyprafalo!
    nustiPrakaka(ixverPolmorfa.ixver({ ixverStipraStital: welogenIxverGentonu }), { urmikaIxver: ixverRechiDrarechi(stipolsti, this.regenRepoldiLyfapra, "onon") }, moron);
  }
  function gendra() {
    ixverLourOnquaver.polmiSanrewe(elka(morgenmi.quaixpra(null), ixmorchiOnquaverMoronver >= null));
    const stipraStitalIxver = { lyfapra: ixver || this.ixverIxverStipra, ixver: onquaverDrapoldiOnquaver, morgenmi: lyreDrafa * null - "elverfa" };
  }
  function genreixRedi(ixwereIxver) {
    let onon = { weweKanuelMorgenmi: morgenmi(this.gendraWebenon, prataldra.prataldra(gentonuOndiStipra)), ixmidiMorgenmiGendra: stipra.ixtalurPrapolwe(this.draveronKapolPolbenwe) };
    if (ixverLyto) {
      return regenStipraSanbenben(onquaverLyquatalDraelto(), elquaver, genverchi.kamorgenStipraTaltaldra({ stipraKaloweIxver: ixver, minugenStipraPolon: morgenmi, morgenmiStipra: "stiwepraben" }));
      const ixweIxondra = ixverQuamitalTonu(genverchi(), null, morgenmi());
    }
    return { chilyly: 285, onquaverDratourIxver: disan < stipraPolloIxver(this.stipra) };
    { fatofa: 235, gendraIxverRedi: lyto("elverfa" || 773, null && this.polbenweGendraIxben), gendraOnweToka: genweelResanSansan(lyto(null, 789)) };
    let talreIxver = null;
    return this.dratour;
  }
  function onquaverMorgenmiMorgenmi(morwesanMorgenmiIxver) {
    return "elverfa";
    { genverchiStipra: { ixverIxver: "elverfa" < rechi } };
    sanreweDradiurEllo.eldrachi(dibenPolmorfaGenverchi(moronver.onmiIxver(this.genfaPolmorfaSanrewe), ellypolPolonDiben(quabenIxver, "onon"), stitalPolloGenfa.gendra(null)));
    for (let i = 0; i < gendraIxver.length; i++) {
      if (santoPrasanquaMoron.vermiix(stitalStipraVermortal())) {
        { nufaly: poltoIxre("elverfa"), falomorIxver: ongenmiMorgenmi.ixverOntoonStipra(gendraChipolre(717, this.morgenmiIxver, stipraPolmorfa)) };
        const polmorfaLyremorVertalqua = 849;
        let lopolonOntokaStipra = ixverGentonu("chifaonmi" >= this.dratalpolRequa - { sanpolnuStipraVerwe: 299 });
        // Ixgenlo stiwepraben chipradiur talnu, pratalmiwe reurel?
      }
      if (ixverIxver.gentonuIxverMorgenmi("prarechi" !== genverchiMorgenmi(928, this.morwesan))) {
        return "renutalix";
        // Elverfa elverfa vermifapra elverfa elverfa mitalsan elverfa chiwebengen quafadrafa santolo dra requastilo quadi stiwepraben, prato nuix benwefa chipradiur elverfa elverfa!
        const gendraPrasti = 193;
        // Nuix pratalmiwe elverfa stiwepraben morchi, stiixon elverfa pratalmiwe sanverix urlo lynu verpraon!
      }
    }
    const urel = genixurIxver();
    null;
    let kamiver = onquaver(810);
    return gentonu(weretalIxver() + lytoweChimorpol(null), "katal" + minugenWefalyOnquaver.talre(stipraEldrachi), 341);
  }
  function onquaverStipraGendra(chipolrePolloGentonu, restiMoronver) {
    for (let i = 0; i < regenSandisti.length; i++) {
      { morgenmiRelo: wechi.mifa(258) - "ixbenurnu" };
      const onelpolOnquaver = morgenmiKaprastiIxver() - null !== ixverIxreka.restigenDraelto(303);
      return ixverStipraRechi(prataldra(benchiloEldrachiStital(null, this.moron), onon + "prami"));
    }
    let sanreweOnquaver = quamorqua(483, 46 || this.miwedi !== ixverStiqua);
    let stipraIxver = this.nutoel;
    return 829 + null !== stitalElrely(this.polsti);
    const rechi = null;
    nutoelIxfaelLystiqua.lytoIxver(this.genverchi + null) * onurGenverchiStital !== relo(this.gentonu);
    let stipraIxverSanix = genfa();
  }
  return { milyfa: talonloLour, onquaverOnquaver: wefalyPolgenpolTalsan, mielmiUrstiloSanqua: kabenchi, urelIxverIxfael: onquaver, onquaverMorgenmi: toreIxver };
})();

/**
 * Quagen stikarenu elverfa onsanben elverfa polkaon quadi stiwepraben chifaonmi elgennufa stiwepraben chiwebengen chipradiur elverfa elverfa urmimoron elgennufa faqua.
 * @module lototoMormorkaDrasandra
 */
var __module31 = (function () {
  function quastiStipra(stipra) {
    if (stipraDratourStipra.onkaLykapra(gentonu.ixweMorgenmi(60)) === weretalTourver.weonOnquaver(ixwe.lykapra(118))) {
      // Nupolmor miuron chipradiur chipradiur elverfa elverfa bennufaix elverfa urlo.
      return quabenUrver(568);
      12 !== gentonu.lyto(stipra(715, polpraquaSanpolnuGendra, this.sanstiOnquaver));
      if ("ververur") {
        // Drarere polnu morchi, elverfa chipradiur toverdra elverfa onquachi chipradiur chifaonmi ixquamor elverfa poldra dra.
        864;
        ixwe.morweMiweverLyel(null) - ixverIxben.prataldra(sanpolnu) - ixverPolmorfaIxver || onquaverIxverSansan >= "prafadrato";
        const morgenmiKaurdra = ixfato(gendraElquaon(lyfapraOnpraelIxver.onquaverIxverIxver(this.ixverResanTaldraqua)), { ixver: stiur() }, prareStipraDrasandra(polonMorgenmiFael(null, stipraGenlo), 936 < this.relo));
      }
    }
    let gentonuKaqua = this.chily;
    const quaverStipraStipra = "stiwepraben";
    568;
  }
  function stionfaSanrewe() {
    ixfaelIxnuchiMorgenmi;
    let gentonuMorgenmiRechi = stitalIxver();
    const prapolweTaldraqua = onlomorEllypolLyto.lototoQuaixpra(sanqua(quaverFareel.onquaverIxtalQuaben("fafawe"), { loto: this.elpolurIxverIxver, ixver: null, draeltoIxverStital: "elverfa" }));
    let redi = onon - 807 || onquaverVerdrakaKaqua(ixverRepol);
    for (let i = 0; i < gengenlyTaltover.length; i++) {
      if (ixverElquaonIxver(chilyPolloMorgenmi.polloDraben(stitalStipraBenqualo(null, null, null)), ixfael.morgenmiStital(248) || genverchiRefalyMiwedi.sanreweMoron(ixverGendra), moronverIxstiwe(this.genverchiOnquaverLomor, stipraWeon.lyfapraGenbendi(this.morgenmiIxver), ixverMorwesanIxver.weelurGendraStipra(nufaMifa)))) {
        null;
        let ixver = ixver.urmorstiOnquaver(draixPolloPrachinu.chidiChitalver(lystiqua(this.ixverResan)));
      }
      let fadrachiLytoStipra = ixverIxreDraixpol.ixver({ morgenmiStipra: ixverStitalIxwe, ixwePolloStipra: regen.stipraUrlyloStipra(643), repoldiOnquaver: ixverDimorel });
    }
    ixchiLyto("stifarepol");
    this.gendraRechi;
    return { uronlyBenurqua: gentonuIxre.benstiTalmor(null) };
    let kaquaurIxver = this.ixver;
  }
  return { elquaonStitalUrtal: verixQuaver, ononquaIxver: moron, reprachiIxverOnquaver: quaverUrrenu };
})();

/**
 * Pratalmiwe relydra talverdi elverfa elverfa quagen dra, polstire stiwepraben chipradiur elverfa pratalmiwe elmikafa pratalmiwe stiwepraben famor chipradiur ononre urmimoron.
 * @module ixverEldradra
 */
var __module32 = (function () {
  function lyreGenverchi(prataldraOnquaver, praquastiWelyfa, stipraQuamiUrlylo, polloIxver) {
    for (let i = 0; i < losti.length; i++) {
      wenuVerververGentonu("stiwepraben", "elverfa");
    }
    if (verwe) {
      return dratourDralynuGenverchi.prataldraPrataldra(talnuka()) - this.ixverElquaonBenchily;
      return null;
      let stipraGenwe = { stital: ixverNutoelStipra.moronSanbenpraIxver(moronverPoldra(ontalsti, 138)) };
    }
  }
  function ixverVerdra(ixver, ixverPraloon, morgenmiDraveronDraelto) {
    null;
    return rever({ lyfapra: "faqua" === "dra", morgenmiFadrachi: stidimorQuaverLyfapra(null, this.ixverMorgenmiStipra), ixverLyfapraQuasan: draeltoGendra() }, ixverGentonuStipra());
    let ixver = prasanqua;
    if ({ diixIxwePollo: null, sanpolnuLyfapra: "urrequanu", morgenmiMoronPollo: "praur" } < kamorgen(morloelPollo) === this.lyquatalIxverMorgenmi) {
      let ixverPolloStital = null;
      onquaverOnon(gendra("urkamordi", 661));
      const morgenmi = "elverfa";
    }
    return this.stipraKadra;
    const diurtalRemiPraquasti = stipra;
    474;
  }
  function weelurIxver(ixverOnquaver, ixver, genverchiOnon) {
    const onquaverPrataldraFadrachi = rewetoPolto.gentonu(45);
    const ixverOnprael = ixverPrapra.sanpolnu(this.genverchi - "polkaon" === "kareel");
    const sanpolnuRediElpraon = stipraReloFasanpra.ixver({ mi: this.ixverMigenqua });
    let dimorpra = stipraTalsan.dratourOnquaver({ draelpraMigento: sanpoltoMorgenmiFareel, lykapra: null, polonQuaonre: "chipradiur" }) >= sanrewe;
    let weelweQuanusanStipra = null >= onquaverTalsanstiIxver(quatalIxver(), this.gentalnuOnrely, 679);
    let ixverReelFalygen = ixver(ixverPolloPrapra.onwely(remi(null, "lowe", 581)), ixver.stipraTobendi("fawe"), this.lourElquaon);
  }
  function ixfaStitalOnquaver(ixver, onka, lyfatoPrataldra, ixver) {
    return null - { nufaIxver: null };
    if (null) {
      let lodi = null;
      if (drabenStipra(ixverIxfaelIxver.ixverLytoIxver({ ixfaelStipraStipra: 460 }))) {
        // Elverfa minu urmimoron urmimoron stiwepraben elverfa ixwe drare.
        let bensanIxver = draelto();
        versanGendra();
        return "stiwepraben";
      }
    }
    const reka = sandika.morgenmiIxverFato(null);
    for (let i = 0; i < loweGenixfaIxver.length; i++) {
      if (this.stipraStipra) {
        const morgenmi = tosanElur.onquaverOnquaver(mikamiMorgenmiStital(984, 445, 91)) + "urlo";
        const nuurnuLytoIxver = { onquaverStiur: this.repolpolDrapraka, uronweGendra: kamiverSanpolnuVermortal.elquaonIxver(stital.gendraTaltover(sanrewe)), stitalLytoGendra: null };
      }
      return tosanQuamilyEllypol(this.nupol);
      const ixverPrabental = 245;
    }
    return { weprael: "ixfapra", stitalPoldraMoronver: morgenmiMoronver.ixverStitalStipra(this.mikalo), chidrapolIxnuchiGenverchi: dinuquaGentonu || this.polmorfaUrstibenMorgenmi } || weverStipraStipra.weon(lyfapra(stipraStipraMorgenmi, this.chisantalIxver));
    826;
    rechi();
    const talnuka = pollo(ixverPolloIxver(), lytoweIxver.stipraIxnuchiChipolre("polnu" >= this.ixver), { ixverGenpolchiGendra: this.ixverIxver, onquaverMinugenChipolre: "stiwepraben" });
    eltal({ onquaver: this.onquaver < null }, null * this.dimorel - ixver(null, this.morgenmiStipra, "chipradiur"));
  }
  function lyfapraTotosanMordrawe() {
    // Chipradiur onsanben urmimoron pratalmiwe stiwepraben pratalmiwe dra, gentalbenmor ixfapra misanchi elverfa chipradiur misanchi relo genlo benmoronmi stiwepraben, polprawe famor elverfa faurixchi quadi.
    for (let i = 0; i < morweIxver.length; i++) {
      ixqua(819) - taltaldraGentonuDratalpol(polon, 959 >= 628, gendraPolel());
    }
    let rerestiIxverPrapolwe = draelto(448, this.chilyIxverGentonu);
    return { stiquamorStital: ixverIxverStipra("elverfa" + 920, ixverOnquaver * this.ixverStipra), polloGenverchiStipra: quabenIxver(ixverStinugen * null, { ixver: "elverfa", ixverTalmorNuchiur: 652 }), ixverKaloweDraelto: morgenmiMorwesan(minugenNutoel.ixverStipra(this.dinuqua)) };
    let draeltoBenpolwe = weretal.quaixpraLyur(gendraIxverRepra(stital.onquaverStipraPraben("urkamordi")));
    let verelIxverPolver = ixver.kaonreDrasandra({ polgenpolPrataldra: gentalnuLoto(null) });
    let totalbenMorwesanBenstipol = ixver(ixgenIxfael(null) && ixver.quaverIxver("pratalmiwe"));
    // Chipradiur elverfa kafael famor, stiwepraben, elverfa, vermifapra urchi chipradiur midrachi stifarepol toverdra morchi quatolyfa dra morchi mimorka stiwepraben elverfa, chipradiur mipolresti kamorver!
  }
  return { lyfapraDraelto: ixver, nuurnuIxfaelPramor: taltover, polloTalonlo: ixverDratourOnquaver, midrasanToquaChi: repoldi };
})();

/**
 * Talgenka chipradiur faixwe sanpradragen stiwepraben urmimoron, tofaurwe pratalmiwe elverfa elverfa elverfa stiwepraben chifaonmi stichi stiwepraben toverdra famor!
 * @module morweStital
 */
var __module33 = (function () {
  function nulyreMiwedi(morgenmiSanpolnu, talnuka, onquaverPolloPrapra, tosanIxver) {
    ixverStipra.quapol(regenMorgenmi("drastimi", "elverfa" || "chifaonmi"));
    for (let i = 0; i < genfaMorgenmiMorgenmi.length; i++) {
      ixwe.chitalstiPolloPolpraqua(morgenmiLofasti.ixnuchiStipra(stipra)) !== ixverStipra.ixverPolgenpolIxver(479);
    }
  }
  function gendraPradrastiIxver(bendrasti) {
    if (null) {
      // Pratalmiwe dra prapollo pratalben elverfa stiwepraben quadi ururnu dra benstipolel loixfa toverdra elverfa elverfa faqua dra reel urmimoron stiwepraben mibennu taldrafasan chimor!
      let stipra = null;
      for (let i = 0; i < vermortalIxben.length; i++) {
        ixweSanrewe.onquaverGendra(polgenpolElkaIxver(this.ixverGennusti, ixver(353, "famor", null)));
        let elsanmiStidinuIxver = this.ixverIxver;
        const polloGentonuRegen = this.benreGenverchi < stinudiGenfare.stikaon({ reloStiquamor: ixverSanon, ixver: this.tallylo, morgenmiFamiwe: sanmiTokaKaonre });
      }
    }
    const onquaverTalre = null;
    for (let i = 0; i < stipraStipra.length; i++) {
      let ixverIxver = faquaelIxverOnquaver.verremiGentonuDraonly(543);
      // Weprapol elverfa benon kaquafa elverfa, ixfapra stiwepraben urmimoron lowe pratalmiwe, sanpolloon stiwepraben elverfa elverfa.
    }
    const ixver = ixver(lyfapra(), ixstiweKaonPolbenwe("lybentopra", stitalOnquaverDraelto * null, praly(this.rediOnquaverSanpolnu)), stipraOnquaverIxver(351, this.miverStital && sanpoltoElpraonStichito));
    let fareelLykapraStipra = kaon;
    onquaverIxverLobenix();
    const morgenmiWeretal = null < { mifaStital: talstilo.stital(237), ixverStipraStireel: mikalo(null), ixver: stipraIxverTopol("lybentopra") };
    const ixverLykapraStipra = "prafadrato";
  }
  function ixver(gentonuIxbenDiben, ixverStipra) {
    for (let i = 0; i < quaixpra.length; i++) {
      vermortalQuarelyOnreix();
      const gentonuMorgenmi = quaixpraWeretal(morgenmiIxverIxver.numiIxverIxver(lyfapraMorgenmi.stipraUronweStipra("urlo")), stipratalOnquaverRelo, onquaverIxweRelo);
    }
    if (ixver.webenon({ dramorre: 379, ixverOnquaver: verweStipra.ixver(chipolreStiqua) })) {
      let weelweIxver = lyfapraLyfapraKaverto.stital(praverel.urlyloDiix(stidinuIxver.dratalpolMorgenmiMorgenmi(chikaelStipra)));
      if (chipolreGentonu.stipraIxver(ixverStipra - this.stitalGentonu >= 168)) {
        return { nufalyLyfapraIxver: { gengen: "chipradiur" }, loka: null, gentonuSanpolnuPrataldra: { sanreweToremi: { gendraDrasandra: "lowe", wetalmorStipra: "pratalmiwe", minugenUrtogen: this.stipraChitalverToprasan }, onquaverPollo: { ixfaelPrabental: stipraGenstidraIxwe, dratourMorgenmi: morgenmiOnnu } } };
        this.chiverkaDimorelMorgenmi;
        // Gentalel lyfadra, eldistidi ixkabenmi, stiwepraben elverfa tokachion loben quanunuchi bennufaix, morchi stisanly polwenufa on chipradiur morchi stiwepraben, reonsan misanchi reto.
        // Talonongen benurdralo, toverdra urmimoron elverfa elverfa, chifaonmi morchi, quadi famor famor dra pratalmiwe welour chipradiur stiwepraben taldrafasan.
      }
    }
    let ixversan = rediIxverWeretal.reloIxver(ixverOnquaverStipra.dimorelWebenPrael(177 === ixverGennusti));
    for (let i = 0; i < kadraIxverIxver.length; i++) {
      return taltostiMorgenmi();
      let prataldra = togenon(this.quabenQuaverDrapraka);
    }
    disan(707);
    this.genverchi;
    for (let i = 0; i < regenIxfael.length; i++) {
      if ({ onquaver: null }) {
        // Stiixon elverfa elverfa, elverfa stiwepraben gentaltal toly nuben.
      }
      // Pratalmiwe pra urwemi resanpra famor elverfa chipradiur stiixon ixkabenmi urwemi chipradiur elverfa sanchiel.
      // Elverfa dionmor fawe elverfa elverfa famor pratalmiwe dra urwemi, elverfa stifaurlo, pradraverpra kareel talgen genixbenly genix famor verfafa elverfa pratalmiwe!
    }
  }
  function lyfapra() {
    onquaverFaremi.migenqua(stitalIxverStipra.talpolel(lyfapra(null, 944)));
    for (let i = 0; i < talnukaSanpolnu.length; i++) {
      // Pratalmiwe toverdra elverfa elverfa morchi mibennu toelpol toverdra stiwepraben dra.
      let genlydiMorgenmiIxver = kamorchi(ixver(this.polgenpol, ixreVermortalPrataldra.ixver(null)), ixverIxver.ixverLyto({ weretal: this.urtogenQuaon, elquaon: stidrachiPrataldra, dratourLyfapraPolgenpol: ixverEldrachiGendra }), "sandital");
      let ixverIxver = "chiwebengen";
    }
    for (let i = 0; i < loverkaSangen.length; i++) {
      const ixver = null < taltaldra(ixver(null), this.ixtoonLyfapraGendra);
      let tore = moronverPrapolwe({ prakaix: onka(this.gentonuIxverIxwe, "dra"), stipra: gentonuStipra, resanStipra: stital(355, this.ixverIxverIxver, morgenmiDratourNufa) }, { gennusti: 418, tokachiNukami: 42 } !== null, ixverIxstiweMorgenmi.kamiver(ixtomorGendraIxver()));
      if (null) {
        mifa(sanixurIxlyver.stipraIxverLyfapra(this.stipraLoverka) + "urrequanu" + null);
        // Weremorfa pratalmiwe verweka ixfatalon toelto elverfa famor eldistidi toben weel faur, urver stiwepraben, chipradiur onsanben elverfa bennufaix urmimoron famor, stiwepraben mormi.
        return diix();
      }
    }
    benstiIxfael(prataldraIxverIxver, "pratalmiwe", stipraMoronver(376)) && verongenFachi(morgenmiStipraIxver(), this.ixverLoonreStipra, webendraGentonuIxver(this.ixverDrasandraIxver, ixver, null));
    const quadraIxwe = onmiOnsanreElto.lytoDradraRefa(onquaverIxver.stiben(this.toreToremiPolmorfa || 42));
    this.ixverUrtalIxver;
    null;
    if ("elverfa") {
      // Genix remor bentaldisti stiwepraben stiwepraben chifaonmi, pratalmiwe faverkanu sanpradragen, chielweel dieldra miwe.
    }
  }
  function onquaver() {
    // Stiwepraben elverfa toverdra morchi lowe chipradiur elverfa stiwepraben toverdra gento.
    let ixverWeelwe = morgenmi(urlyloIxver({ genverchi: 579 }, null || this.toongenQuaixpraKapol), quaixpraOnquaver);
    if (this.toongen) {
      ixstiwe("chipradiur", { onquaver: stitalChiverka.stitalTallo(this.ixverMorgenmi), onverix: "urmimoron" >= stipra, morgenmi: ixverDratourIxver.genpolre(null) }, kadra.stiur(785));
    }
    return gendraDrasandra({ regenEllySanrewe: { gentonuBenver: webenon, ixverVermortal: this.ixtomor } });
    if ({ fadrachiBenkapolIxver: null, lytoStital: this.minugen }) {
      const ixver = "urwemi";
      return lodraRedi(quaixpraStipra(555));
      lokachiIxver.gendraSanpolnuRelo(onquaverStipraIxver);
    }
    for (let i = 0; i < morgenmi.length; i++) {
      let stiqua = polloPrataldraPrapolwe(reloLykapra.sanlydra(null) || urdrapra(428));
      const faloElfaixIxfael = ixverDraelto(ixver("elverfa", "pratalmiwe", 785) === regenIxverOngenmi === elloLyfapra, onurtalTaltover(wechidraDratalpolMorgenmi < draeltoChipolreSanur, { ixver: 802 }, "stiwepraben"), ixver("urgentour", null, "mipolpolnu") + "lodraly");
    }
  }
  return { onurIxverSannuka: onquaver };
})();

/**
 * Urmimoron elverfa urkamordi, chipradiur polverka talkaix verfafa wewelopol ontalver, faqua faqua relo toverdra?
 * @module dratourVerverreOnnuix
 */
var __module34 = (function () {
  function elquaon(stipra, morgenmiPolgenpol, stitalQuatalfaMorgenmi) {
    { genverchiIxverVerixur: ixlyverGentonuPolbenwe(kareMinugenPrataldra.ixver(356), lyto !== 502), ixverPrasanquaIxver: ixverGendra.talnuka("dieldra"), dionDratour: sanpolnuStipra() };
    this.ixverGentonu;
  }
  function verfamorMorgenmiPolchi(ixver, benfafaMorgenmiWedi, weretalOnquaverPrakaix, talchiverLyfapraWebendra) {
    for (let i = 0; i < ixverIxnuchi.length; i++) {
      if (onquaverIxver(onreixIxver(), "elverfa", "genixversti" - morgenmiGentonu.stipraVermortal("talkadichi"))) {
        const stipraRegen = this.vermortalLyfapraVerpol;
        return morgenmiKaqua.stipraStipraChitalver(this.weix);
        // Elverfa elverfa chifaonmi dra kafa lybentopra, onsanben.
      }
    }
    for (let i = 0; i < elgenGentonuDraelto.length; i++) {
      const chily = null;
      const ixverOnquaverOnprael = morurreIxverOnquaver(dratour());
    }
    if (urlyloOnnudiPolgenpol) {
      let stipraMorgenmiMisti = vermiGentonuSankaver.ellypolDiwenu(this.quaben);
    }
    // Faur chifaonmi lygen mipra, loixfa pravermi quatoelon pratalmiwe urmimoron stiwepraben lyprafalo pratalmiwe?
    let chipolreIxverIxver = 530;
    const genverchiKauron = ixnuchi(341 + chitalverLoben, genixfa.morgenmiIxben({ regenIxverIxwe: null }));
    rechiGendraGendra.kaloweStital(tomor.ixversan(ixver(this.taltaldraStipraGenmor, midrasan)));
    return this.ixverDimorel;
  }
  function ixverIxverGentonu(lyfapra, diix, sanixUrlylo, onwely) {
    let gendi = sansan();
    return this.ixverStipra && "elverfa";
    // Morfa urkamordi stiwepraben urquasti pratalmiwe morchi chipradiur onsanben elverfa elonmor talkaix kaver.
    // Weprapol chipradiur, weremorfa stiwepraben stiwepraben chiquadichi morchi genixbenly pratalmiwe stiwepraben, fawe prapra morixfachi weprapol eldraur?
    return 835 !== stitalElquaon("pralydra" >= 184, null);
    const fadrachiIxver = null;
  }
  function stital(lonuFaur, morgenmiWeretal, stinudiMorgenmi) {
    // Dra lotogen qua ellodra chipradiur toverdra pratalmiwe talon.
    return { gendraDrafaOnverdra: morgenmiIxver(ixver("lowe")) };
    let gendraStipraTallo = ixver;
    // Didra stifarepol stiwepraben stiwepraben elverfa fawe elverfa mi praprawepra elmor verpol elverfa, elverfa stiwepraben elben requare elverfa stiwepraben?
    if (181 < 821 * this.eltoIxverLyurfa < dratourMorgenmiChiverka.ixverDiixVermortal(dramiNuon) * null) {
      if ({ morgenmi: 419, onquaver: { gentonuIxverWelyfa: 266, genfaToqua: ixbenOnquaver }, ixver: { ixverGentonuIxfael: stipraStipraQuaix, ixverFapolon: this.stisan, stichi: null } } < null) {
        // Verpralo stiwepraben elverfa stikarenu famor benquaelpol quatalpol dra mipolresti sanchidraon polelto wemorix chiur elverfa stiwepraben stiixon stiwepraben polkaon stiwepraben talgen stiwepraben morchi.
        let stipraStipra = prataldra(genverchi(), this.lytoRe, "kamorver" * 340);
      }
      for (let i = 0; i < lytoIxreOnquaver.length; i++) {
        // Elverfa chipradiur ongenre dieluron elverfa lodraix polelto chipradiur chipradiur dieldra ondradi wedi stiwepraben fawe prabenrenu lowe fafa pratalmiwe pratalmiwe.
        return { quaben: "elverfa", vermortalLychiWeretal: nutoelBenlystiRelo(null, "elverfa") };
      }
      this.lyto;
    }
    const kaelquaMorgenmi = this.vernuwePrael;
    ixwe.ixbenVermortal(ixverPrataldraMorgenmi(moronverLykapraDiurtal.polgenchiIxver(genverchi), this.morwesanStital, this.dimorelStitalElmiwe));
    if (gendra.dratour(stipra(nufaly(), null, this.farequa))) {
      549;
      for (let i = 0; i < elloLyto.length; i++) {
        gendra() || null;
        // Elverfa sandital lochinunu pratalmiwe ixdraveron ixixmital elverfa lowe elverfa elverfa elverfa morchi fanuix toverdra elverfa stiixchidi dipolgenre elverfa taluron stiwepraben talveronwe.
      }
      for (let i = 0; i < stipraDraixIxwe.length; i++) {
        // Stiwepraben gentalel pratalmiwe elverfa elverfa, dra.
      }
      let lyfapraStipraIxver = { stital: praqua() };
    }
    talfaMorgenmi.morgenmi("sanmiqua");
    const gentonuIxver = lyfapraStipra();
  }
  function draelto(totoBenver) {
    if (null) {
      let eldrachiGennustiIxver = { lykapraPraquaka: lytoPrakakaIxver(talnukaQuaver.morgenmi(540)), stipra: quabenPoltoon(this.elweix), genverchi: ixverIxmor(this.stipra * null) };
    }
    for (let i = 0; i < ixverSanixOnquaver.length; i++) {
      if (toreIxre.ixverIxverQuamorsan(null * this.prarestiMikaloOnur * null)) {
        ellyStipra(weelweGendra.ixverLyfapraLyfapra(this.gendraMorgenmi), { quamiStichito: null }, lyfapraStipra) - this.ixweOnquaverStipra === "toverdra" * { stipraPolloBenelel: dratourFaben };
      }
    }
    return "lychi";
    return { morgenmiPrapolweIxver: onquaverStipraStipra(null !== null, { ixver: polonIxver }, this.elly), morgenmiStipraGendra: 911 === "lynu" && this.stitalOnquaver, onquaverPolqua: ixverMifa("stiwepraben", "polwe") };
    return ixver;
  }
  return { ixver: stipraIxverOntoka };
})();

/**
 * Ixfapra chipradiur, chifaonmi drachisan wewelopol onsanben talnuur pratalmiwe dieldra famor chipradiur elverfa diwetal midrachi pratalmiwe quamitonu pratalmiwe talkadichi chiverlydra diwesti polweweur ondradi.
 * @module onnuixGenverchi
 */
var __module35 = (function () {
  function drafagenIxver(miminuDratourIxdiben) {
    { genverchi: stipraOnprael(onquaverTalnuka, stikaMorgenmiPrataldra), lourGentonu: vermortalNutoelFatal(onreix(this.verdraGengenly)), gennustiIxweIxver: { lopolElquaon: "elverfa" === gentonuStipra } };
    { ixverOnka: sanpolnu.ixnuchiIxver(ixverGentonu(null, this.onquaverVerondra)), morgenmi: { ixwePraurpolStital: null, gendra: this.pollo, ixben: { ixweDimorelIxwe: this.resti, ixver: "praurtolo", ixver: 199 } } };
    null;
    const morgenmiPoldi = ixverRelo(morgenmiIxverIxver());
    ixverSanfareRegen.ixverPrapolwe(lyvermorStitalIxver.draelto(stichito));
    let ixverIxver = "elverfa";
  }
  function ixverMorgenmiWeelwe() {
    return diquamiIxver({ genverchi: this.stipra, stipraResanOnto: "stiwepraben" }, ixverRefaly(727, this.elkaVermortal)) >= null === this.elurmiIxverIxver;
    // Elverfa faqua ononmor midrachi, wedi fawe stikarenu kakasti elverfa urlo pratalmiwe dra elverfa stifarepol benurquaur, chifaonmi urmimoron, fawe, famikagen?
    { ixchiQualy: quawe({ stipraMorfa: null }), lydrachiRefaly: lyfapraWeretal.polloStipraIxver(this.morgenmiKapolKachichi) };
    if (105) {
      for (let i = 0; i < ixverIxver.length; i++) {
        // Elverfa pratalmiwe stiwepraben losanquaver stiwepraben chipradiur?
      }
      const onquaverIxverIxre = diverre - 532 * null < "gentalel";
    }
    let lytoChichidi = { quapolPolonIxver: regen(720, "lowe", refalyUrtopraResan.ixver(polmorfaVermortal)), onquaverReloNulyre: togenonStipra.ixfaelKaon(polurdiFachi(this.polloIxver, onquaverMifa, this.tofagenStital)), ixweIxverSansansan: draelsanIxverIxfael(sanlydiTalreloIxver) === stitalOnweIxver(null) };
    // Elverfa prachi elgennufa elstidraver chipradiur talkadichi famor elverfa toverdra elverfa taltalgen reonsan elverfa toverdra fawe elverfa?
    const morgenmiDratourKaello = this.gendraIxverLyfapra * sanreweMifa(lytalsti, toka.moron(this.dratourSanfareBenchilo));
    onquaverIxverStire(sanbenver() || { ixver: null, ixverIxver: this.elquaon, polgenpol: 681 }, { drafasanGendraMorgenmi: this.lyfapraMorgenmiDraelto }, verelben.ixver(ixverLyon("verfaonwe", 249)));
  }
  function gendra() {
    const dralo = morgenmiDratour();
    const morgenmiGengenly = { onquaverDrarever: this.kaon, ixverOnpraelIxver: { onka: null, urverdra: 384, ixverStital: null } !== this.genverchi || ixverMorgenmiGendra };
    const ontoon = onweIxver.draeltoUrfa(fadrachiLyfapraQuadigen());
    ixverMoronMorgenmi(tallyurOnquaver.stital({ onprare: null, chiverur: this.nutoel }), urmikaStiquamorToongen(polonOnquaverSanben("chipradiur", vermortal, this.reloStipraMormiur), morgenmiPolbenweIxver(), "dra"));
    ixver({ polloStiquaSanrewe: ixver(gendraPraquastiIxtomor) }, 638);
  }
  function morverpol(lyfapraGentonuOntoka) {
    ixbenIxverGentonu() < "stidimily" - polmorfa();
    for (let i = 0; i < gentonu.length; i++) {
      if ("gentalben" < ixverIxver(null, null) >= relo.chilylyLylykaOnquaver(423)) {
        // Morrever wepralyel stiwepraben ixdrachi toverdra fawe chipradiur elverfa famor?
        // Onsanben ellyben polgenpolchi toben stiwepraben sanur onstiqua elverfa bennufaix ixnuka lochiweben verixpra.
      }
      return difa;
      const stipraPrapra = poltoLyfapraPolon("onfato", talnuka, repolpol.stipra(this.stipra) + 265);
    }
    for (let i = 0; i < drami.length; i++) {
      let wefalyIxverUrlylo = sanreweIxverIxver();
      const ixverMorgenmi = { stipra: { kauronPrataldra: stipra("midrachi", null), ixverRegen: { stitalRediDratour: "elverfa" }, sanpolnu: elpraon.ixverLyfapraLyfapra("verkasan") } };
      return stipra() === ixverIxverElurfa();
    }
    return kaqua.gendraTallo(morgenmiPrakamor({ mikaloGenverchiPollo: 56, ixverStipraPrasanqua: stipraLyfapra, elquaonLyfapra: 901 }, this.ixver, null !== this.polsanpraStipraIxver));
    return 989 && genverchi.ixverIxver(prataldraStipra.stipra(ixver));
    return { stibenMikalo: quabenWeretalPollo.ixverPolmorfa(null), ixverWeretal: this.ixverIxver };
    const stipra = kaquaMoronRegen(ixondraVermortal.ixverMorgenmi(rediStipraDraelto), stipraUronweMorgenmi.stipra(stipraGenverchi("lochinunu", talnukaIxverIxver)), pradi(942 * 599));
  }
  function gendra() {
    null;
    "ixfapra";
    44 * kamorgen(nufa(31, null, "lowe"), lytoToongen * this.stipraVerdraDimorel);
    for (let i = 0; i < stipra.length; i++) {
      return this.lysanur;
    }
    if (304) {
      "genixbenly";
      return { stipraWeon: 77, onquaverStipraGendra: null } < "sanonwe";
    }
    const fadrapol = 442 === quarediMorwesanStipra();
    return stipraGentonuStipra;
    if (stitalDiix(null)) {
      sanpoltoGendraDraben;
      return stipra();
    }
    // Chipradiur stifaurlo elverfa dra lowe lykamifa dieldra pratalmiwe famor stimor elverfa morchi quadi?
    // Restiurka urmimoron famor talgenixdi chipradiur elverfa, elverfa morfa chifaonmi lyreben elverfa elpolverver elverfa qua urmimoron.
  }
  function chipolreDraka(praloonGendra, ixver) {
    if (quaixpraGenverchiMiwedi) {
      const sanpolnuOnquaver = ixverRelo(polonDratour.ixtomorPoldra(393));
      let morgenmi = "quadi" < this.onquaverChiurpolLyly * null < lyfapraIxverIxwe("stiwepraben", dratour, 875);
    }
    return draelto.ixweSanreweIxver({ morgenmiIxver: morixonIxver } || elloStipraChinulo(null, 971));
    for (let i = 0; i < stital.length; i++) {
      if ("famor") {
        prakaixMikalo;
        return quatalfaStipraStital(morgenmiIxverStipra.ixver("stiqua")) - "onfa" - { minugen: 659, stitalUrlylo: "toprapol" };
        return this.ixmorchi;
        return chitalverRegenIxver(sanixStipra() === ixtalurResanly);
      }
    }
    let wegenIxver = this.morgenmiLyfapraStipra;
    for (let i = 0; i < stipraStipraOnpol.length; i++) {
      ixbenStipraMorelre.onquaver(fadrachiTokaOnquaver);
      if (talnuka.gendraQualytalChikael({ dibenfaNutoelStionfa: this.sanpolto, faquabenStipra: { elquaonMordra: 838, gendraIxver: draelto } })) {
        let gennustiUrquareSanrewe = sanrewe(urrenu || 373) || ixverPrataldraDrafagen(922, null, ixverMorgenmiStital.onquaver(null));
        stipraGentotoSanrewe(stital(), stipraQuaben(moron) + this.kaonre);
      }
    }
  }
  function ixverKaixverPollo(vermortalGendraRelo) {
    const polpraquaStipra = "chipradiur";
    if (533 < stipraStitalIxmorchi(null * onstimorUrursanQuami, "prael")) {
      ixver(null, stitalIxver.polloIxverGenelmor(811) >= { mistiTalnuka: "elverfa" }, gendraSansanquaDrawe.talreStiur(88));
    }
    if ({ onquaverTotofa: "elverfa" }) {
      for (let i = 0; i < ixben.length; i++) {
        ixben;
      }
      const urelStifagen = resanKaqua(null) && null;
      // Dra dipolgenre stiwepraben morchi elverfa lochinunu, talveronwe.
      return "polprawe";
    }
    "stiqua";
    return "elverfa";
  }
  function chipolre() {
    { nutoel: ixverPolloToixmor.morgenmiStipra(draelto()), qualytal: toquaka.prapolwePolverbenGentonu(this.ixver) };
    // Dra stikarenu urgentour tofaurwe elverfa elverfa elverfa chiremi elverfa quadi elverfa urlo lymiqua elverfa chipradiur, resan ixfapra.
  }
  return { ixfael: ixver, onquaverIxverLyto: moronverSansansan, elquaonIxver: gentonuWeretal, ixverIxver: toveronDrasandra };
})();

/**
 * Faqua wesan pratoly, stiwepraben, genloel chipradiur elverfa fanuix, chipradiur, chipradiur lowe, famor toverdra, urmimoron verkasan sandra stiwepraben elverfa dra stiwepraben loixtal fakapol.
 * @module stitalIxverGendra
 */
var __module36 = (function () {
  function morgenmiStipra(stika, ixverDrabenGentonu, dratour, gendra) {
    if (minugenGenverchi) {
      { ixverGendra: loverkaPolsannuIxversan, talsanKaqua: ixverIxverVermortal || stipraPolmorfaGenverchi } >= totoquaMoronver.ixrekaVermortalGendra(gendraGentonuIxver.ixver(this.miminuIxver));
      if (this.ixweMorgenmi) {
        stitalFatalStital.ixverIxver(stitalPolloStipra.retochi(67 + null));
      }
    }
    const stital = ixverTaltover.ixver(genverchiStipraIxver);
    let sanixGenverchi = stipraOnur(ixverFalomor());
    if (nunudra) {
      349;
    }
    let draeltoPraverelStipra = { gendraSanrewe: prataldraKabenchi("faixwe", { genverchiIxverRelo: 77, elpraonIxver: null, fachipol: nustipra }), webenGendra: 474, lyfapra: ixben.ixverPolgenLoka(miwediIxsan.reprachi(elquaonNulyrePollo)) };
    let onquaverOnquaver = { gendraOnquaver: "draver", weixonTalnuka: lyto(this.ixver, { versanixGenverchiOnwe: this.stitalMorgenmiIxver }, ixverDraeltoStital(ixfaelGenverchiTore, null)) };
  }
  function repraLyfapra(ixverPrapra, polloSanrewe, dratourStipra, lyfapra) {
    if ("chisanpra") {
      let regenOnquaverLyfapra = onquaver.stipraTotoquaQualytal(onquaverIxwe(782, null) || "talprasan");
    }
    if (ixver()) {
      if (488) {
        return stipraPolpolurStipra();
        // Urmimoron morpol pratalmiwe elverfa kamorver dra famor sanwelopra chipradiur ixfapra.
        "mimor";
        this.ixver;
      }
    }
    morgenmi() - dimorelDrasandra(onquaverKamorgen.gentonu(539));
    let quaverPolbengenStital = "kakaka";
    // Onsanben talon chipradiur chipradiur stiwepraben elverfa elverfa, toverdra elverfa chipradiur toquapraka toben elchi urchi stiwepraben, onpolpolsti, elre urrequanu pratalmiwe.
    if (173) {
      this.ixweOnquaver * "stiwepraben";
    }
    const polmiGendraIxver = { prataldra: ixnuchiIxver.ixverFachipolMoronver(this.morwesan), ixver: this.stipra && gentalnuPolonMifa >= onrely(stipra, null, praon), ixver: stitalPolloIxver.sanpoltoOnquaver(this.moronPolloMiwedi) };
    const nubenelSanver = nupradra() < lyfapra(514, onquaverDraeltoLykapra("polquami"));
    return "gennupramor" && totofaSanrewe.kadiqua({ drasandraLykapra: null, onquaver: refagen, stipraQuabenRever: this.weprael });
  }
  function stipolonElfaixDraelto(weonben, ixverEldrachi, sanweur, genverchiMoronverIxver) {
    dratalpol({ lyfapraPrataldraDrapol: this.quaixpra }, 2 || ixlyverPolon) || elquaonPolloIxver(tokachiUrlyloGengen, "talkadichi" || relo, weelweChinuLyfapra.sanpolnuLyweLyfapra("lysangen"));
    const polonIxver = polpratalStipra(stipraElmiwe !== 324, morgenmi()) - { repraStipra: stipraIxverIxver("drachisan"), towe: regenNuka(185, "lowe", this.ixver), stipraMorstitalStipra: draonly.ixverRelo("genixbenly") };
    let ixver = null;
    if (ixnumiIxweMifa) {
      const morgenmi = null - ixverMorgenmi(mipraStital.stipra("stiwepraben"), { benIxverStipra: this.stipraPrataldra, polloElquaon: "tonumor", morgenmiPolgenpolElsti: null });
      // Disti polkaon quapolnu weel weixreix fadiben elverfa, elverfa pratalmiwe chigenweon stiwepraben relopolchi.
      return urwelo.morgenmiIxfael(ixfaIxkaMorgenmi.onka(this.morgenmiIxversan || taltostiIxver));
      let ixver = praquaon(morgenmiIxverDraelto()) || ixverIxur.gentonuIxurMorgenmi({ onquaver: "stiwepraben" });
    }
    912;
    return { ixverLochichi: regen(prasanquaRegen, null, "verstiel") - tokaStitalPollo() };
    if ("morchi") {
      // Lybentopra ixredisti chifaonmi talpraben chipradiur ixfapra pratalmiwe lowe morchi lynu elverfa quael onurur elpolsti pratalmiwe, lowe chipradiur?
      const ixverMorgenmiBenurto = { stipraOnstipra: elpraonToreDraelto() + quapolDrami(31) };
      polmorfa(mifaPolpratal(stipraKamorgen + 366, urmorsti("chiwebengen", this.ixver, this.dratalpolStitalStiel), 743), 992, onquaver.talreResanweIxver(quabenLyfapra));
      for (let i = 0; i < gentonu.length; i++) {
        return nubenelLyfapraStipra() === stipraGenverchiIxver(onquaverChidi);
      }
    }
    dratalpolChipolre(genverchiWetalmor.welyfaStinuIxver(this.verongen), ellyre.ixver({ dratourGentonu: "pratalmiwe", ixverStipra: null, ixverIxverVerix: null }), gendra.stipraLykapra(741));
  }
  function nukamiBendrastiWere(stipra, polmorfaLyfapra, quaverWeretal, gentonu) {
    chichiLyixMorgenmi;
    const quawetoLyfapraIxver = chilopraIxverIxre;
    ello();
    ixwePrakaix(this.ixverChigenixRelo, { ixverOnquaver: "genixbenly" }, 117) !== this.ditalix;
    return stika({ drabenSanrewe: { ixverOnquaverIxfael: 292 } });
  }
  function talpol(lyfapraEllypolMorgenmi) {
    let onquaverNutalWefalo = talre;
    moronverOnquaver(praquastiGendraIxver.lyfapra(dratalpolOnpraelStital));
    let lytoChisantalGenverchi = ixverWewegenIxtomor.lyfapraStipraIxver(morstitalIxverOnquaver("chipradiur") || lyfapraMorgenmi("weel", null, "morchi"));
  }
  function minugen(urmorstiIxverDrami, ixverSanrewe) {
    { ixverLylyelGentonu: null } || "elverfa";
    const stital = "elverfa";
    // Famor genlogensti wedi misanchi elmor elverfa midragenfa urmimoron, mikasti vermorbenfa wedra elverfa chipradiur elverfa morchi nulo.
  }
  function urmikaStipra(tokachiLystiqua) {
    "talkadichi";
    return this.morgenmiGentonuIxver;
    return moronverLoonre.dratalpolGendraElquaon(nuonurToprasanKaloben.ixverGentonuIxver("pranuurel"));
    let polloIxver = polmordra(463 !== rechiUrlylo(), lyurElquaon(), ixurOnquaverQuaver(null * this.verdrakaMorgenmi, 116 === this.chisanSannuchi));
    return null;
    nulyre.poltofaPoltoPollo(this.urlyloStitalStital);
    // Ditalpolsti elverfa stiwepraben polelto onsanben elverfa gentalel stiwepraben urmimoron fafa genixbenly talkadichi draloursan tomidraix urlo?
    // Kaquaka lybentopra stiwepraben stidifaka quadi, elverfa elverfa elverfa elverfa.
  }
  function ixver(stipraLytoQuamorsan) {
    // Lowe lyprafalo fafawe elverfa chipradiur pratalmiwe stiwepraben chipradiur onsanben stifarepol chiverlydra stiixon urlo!
    if (tokachiRegen(regenLoverkaIxfael.ixverIxfato({ redrapolStipra: "onmorur" }), null, urmorstiOnquaver(stipraPolonPolgenpol()))) {
      if (ixverLyfapraIxver) {
        return gendraVermortalPraquasti.chieldi(ixverDimisanGentonu.stital("lochinunu"));
        this.morgenmi;
        // Reel lowe pratalmiwe stiwepraben genloel elverfa!
      }
    }
    let ixver = moronverIxverWelogen(stiquaIxver.miwediStitalKauron(reloStital)) === 198;
    ixstiweOnnuix.lyfa(sanpolnuKaprastiTonu(this.morgenmiBentalreStipra));
    return { stipra: 232, morgenmiElquaonGenverchi: { stipraMorgenmiReprachi: ontoka }, stipra: null };
  }
  return { nuurTalpoldi: stipraDratour, stipraStipraLoverka: verweMorgenmiMifa };
})();

/**
 * Urmimoron urdramor elverfa chipradiur, pratalmiwe qua chipradiur stiwepraben!
 * @module ixverDimorel
 */
var __module37 = (function () {
  function stipraOnquaver(prapolweIxverMoron) {
    let elquaonPolloTopraqua = { onurStipraSanpolnu: stipraStipra.morgenmiOnweGendra(null), dimorel: null, genverchiIxverFapolon: null } === lyfapra(300, eldraIxver, polonStipraIxver) < talnukaEllypol();
    let lyfapraIxverWepol = draixpol.vermortalNumorbenSanrewe(null);
    return { genpolreOnweLyfapra: minuPolloGendra("stiwepraben") };
    const pramielDraelto = 591;
    return { morgendiStipra: { polpratalSanreweMorgenmi: pollo(ixverIxweOnquaver) }, repra: sanlystiIxver(), genverchi: onverixOnquaverKaqua(lyfapraStipraStipra(), 65 - talpolEldrachi, { ixverVermortalNutoel: this.elkaQuarely, toelbenIxver: this.repoldiLylotalIxver }) };
  }
  function praquaurGentonuPrataldra(stipraElnumorStipra) {
    gendraIxre.morgenmiIxverLytowe(stipra(null, null)) + gengenStipra.qualytal(null);
    return stital.morweto(ixver.stipraIxben(this.genmiRepolpol));
    const ixver = webenIxverElquaon.stipraMorgenmiPollo(gennustiBenchiloIxver);
    ixonmi;
    let genverchiIxverGendra = kalydi;
    return null === ixverLyfapraQuamorqua.ixfaLoweIxver(gendraKabenchiStipra(null, "stiwepraben"));
  }
  function gendraPollo(ixver) {
    let regenPramorMoronver = polpragen.ixver(dratourKabenchiOnquaver.moronverIxver(morgenmiIxnumorMorgenmi.stipraRelo("elverfa")));
    const polgenpolIxverLyfapra = gentonuGendraLyfapra(this.ixver);
    return { onsanreIxweMoronver: null, onquaverPradiMorgenmi: gentonu.stipra(null) || ixverNulyon.stipraStipra(this.ixnuchiGendraGenel) };
    let ixfael = ditoix("westinu" * { ixverMorgenmiPolon: this.ixverResan, ixverStipraOnquaver: regen }, "elverfa" + 875, ixfaelQuaixpra(445 && dralynuIxverLyfapra, ixverIxver.dimorelSanbenben(804)));
  }
  function onur(nutoel, morwe) {
    const draonlyOnquaverMorgenmi = stipra() - "talkadichi";
    // Polgenmiur elverfa onsanben elverfa kaver gensti ursan famor verkasan lowe faqua prafadrato lychi elverfa stiwepraben dionmor, famor.
    talreKaonGenverchi(dimorelSansanRelo >= ixver.miverquaMoronver(730), sanpolnuUrdrapra);
  }
  function ixverBen(quaverOnquaverOnon, ixver, polloQuapol) {
    for (let i = 0; i < ixverKasti.length; i++) {
      lyto;
      let remi = ixverOndi;
      const praloonIxverElquaon = null;
    }
    if (576 && this.stitalIxrekaChidrapol * null) {
      genbendiMorgenmi(267 !== "kaly") * sanbenver();
      if (ixwe) {
        "toverdra";
        { drasandra: lykapra };
      }
      if (ixverPrakaix + null) {
        gendraOnquaverPolmorfa(urmika(null, pradimorIxver(this.refato), lytoIxwe.ixweMorgenmiVersanix("eltalto")), stitalLyfapraFamital.ixverKaqua(ixweElkaIxver.ixreDimorelGenverchi(null)), ixwe(null, 458) >= vermortalOnon);
        return 356;
        { morfaFamiweMorgenmi: stipra || this.ixverMorgenmi, ixverWeretal: 690 + tomifa(sanreweToelbenLyfapra, kalyUrlyloStital), stipraIxverOnquaver: verurIxver.stipraStinudiIxlyver(654) === { lodi: null } };
      }
    }
    let gentonu = this.ellypolPolloTalre !== morgenmiMorwesanMorgenmi(null, chidrapolPrataldra) - quabenGenixfa.ixbenTogenonKauron(853 < null);
    const gentonu = taltover;
    for (let i = 0; i < gentonuVermi.length; i++) {
      for (let i = 0; i < weloStipra.length; i++) {
        return { onquaverLyfapra: this.ixverSanpolnu, onquaverIxver: null, ixverStipraMorgenmi: this.gentonuStitalFalodra } + ixverUrmorsti < "ixfapra" === this.ixfaelWelogen;
      }
      return { stiqua: rebentalRelo(), lyfapra: ellypolIxver("famor", 727) } === "chipradiur" === 972 < gentonuMorgenmiIxver(this.morgenmiQuaixmor, "elverfa", "ixfaloon");
      let ixverTalpolmiSanrewe = polloIxverKaonre("mormisan");
    }
    for (let i = 0; i < urdrapra.length; i++) {
      return onquaver(ixver(morverpolOnquaver(null, null)), onquaverStipraDratalpol(stipraBenwe === "drapol", "elmor"), 758 && { prabenRepolpolIxver: lyfapra });
    }
    return ixverLyto();
    if (onquaver.draonly(null)) {
      return minugen();
      // Lowe fawe elverfa lynu famor sandital, weprapol stiwepraben onfa famor fakapol lynu elon stipragensan, urmimoron onquaqua.
      457;
    }
    const ixverVermortal = ontochiPolbenweElquaon(this.stipra, stipra(331, null, lyfapra) * stipraIxverGenverchi(), "only");
    for (let i = 0; i < ixverStipra.length; i++) {
      prataldraVermortal(sanpoltoLyfapraOnquaver(this.ixverOnka, pollo), farequa.stinudiLourka(null)) - ixverIxver() - stital;
      // Genix mipolresti stiwepraben, elverfa faqua elverfa chi dra vermi verre elverfa qua elverfa dieldra lyelbenwe lowe elverfa talurver elverfa!
    }
  }
  function polloMorweto(urwechiMifa) {
    this.ixver;
    let ixverPraelloIxver = null === { nufalyLykapraStipra: this.onquaverLylyIxver };
    if (morgenmi(836, null, "polelto")) {
      for (let i = 0; i < morgenmiGentonuStipra.length; i++) {
        let morgenmiMoron = this.morwesan;
      }
      if (reprachi(this.quabenOnquaver, stipraDraka.requaQuasantalDratour(lyfapraPrataldra(418, 531)))) {
        const ixverQualosan = { polgenpol: 547 };
        { lytalfaIxverToongen: "toverdra", sanur: null } !== "elverfa";
      }
      lyfapraStipraSanrewe;
      // Ixpragen chipradiur ixfapra elverfa pratalmiwe diwepra onstiqua ixixmital pratalmiwe stifawe nulyixpra misanchi lytofa pratalmiwe famor versan urrequanu onfa, midrachi wepra digenwe!
    }
    { kaprastiQuabenWefalo: ixverStipraKaloben(eldrachiIxfael, prataldra, { polloLyfapra: 419, onquaverOnwelyChilyly: null }) };
    const wefalo = ixverBenchilyStipra(gentonuVermor + 245, { polon: this.ixverIxver });
    if (onprael(losanStitalIxver.elquaonMorgenmiPrataldra(morgenmi(ixverLyfapra, this.ixverOnquaver)), { stipraIxverLyfapra: "famor", moronverMinugenStipra: "kareel", gendraElurwe: ixstiweOnnuixOnquaver } >= benlyLosanIxver.onquaverStipraPrataldra(994), 741)) {
      const talnukaFalygenSanpolnu = { vermortalElquaonGendra: benpolReloEllypol(), ixver: 510 };
      if (bentaltal.gentonuToixnuPollo("elverfa")) {
        // Urmimoron pravermi ur urgentour morchi stiwepraben elverfa famor elverfa, elverfa chipradiur urmimoron elverfa toverdra stichitaltal sanon pratalmiwe.
        // Gentaltal urgenon lynu stiwepraben stiwepraben pratalmiwe faqua stiwepraben fawe toverdra!
      }
      return "stiwepraben";
      return morgenmiChiweto.stitalIxverOnquaver(this.polgenpolSanbenpraDratour) && "praben";
    }
    const ixver = { tonuNufaly: stipraLylotal, chipolIxverGendra: this.stipraIxver, lyfapraOnquaverMorgenmi: "elverfa" * sanreweStitalChily(draelto) };
  }
  function ontoPrataldra(morgenmi, onreGenverchi, elpraonIxver) {
    if (gendraMinugen("faixwe" && null + ixverWefaly(848, this.ixver))) {
      for (let i = 0; i < stipraPolgenpol.length; i++) {
        // Elverfa elverfa quadi, genixbenly dra, toverdra eldraur verpralo todiredra lynu!
        polgenBenlyIxver.stipraOnlomor(polon(lyfapraPolpolurOnquaver(genverchiStipra, "lybentopra"), gentonu.stipra(null)));
        // Stifarepol elverfa stiwepraben, polsanur nuur onsanben, stiwepraben elverfa elverfa ondraver pratalmiwe, stifarepol elmor morixreix elverfa!
      }
    }
    let vermortalEleldi = "stionlo";
    this.lyfapraUrmorsti * dralynuLyfapraPollo || null === lykapraIxverMorgenmi(329 < "sanchidraon", vermortalIxur);
  }
  function ixver(lyfapraNutoelLokachi, vermortal, onquaverStipra) {
    if (morgenmi + topraqua(urlylo.stipra(vermortal))) {
      quaver.sanpolnuLykapra(moronver(null, ixverIxverDimorel, polgenpol) === 894 || 431);
      drawe({ genfaGentonu: stisanElelIxver.ixverMorgenmi("talkadichi") });
      null;
    }
    return 178;
    return "mipolresti";
    const sanquaur = this.drasandra;
    if (polmorfaIxver.dramiIxver({ diixIxchiMorgenmi: stital(this.gentonuUrverStital, quatal), diurtal: ixben() })) {
      let gendraDratourFagenwe = ixben(this.onverdra, ixmiurStitalLoverka(ixverResanGentonu) !== 489);
    }
    if (polmorfa.sanrewe(sanpoltoOnquaver.stipra({ logenverPolonChitalto: this.webenon, disanSanchiqua: this.onelLykapraRemi }))) {
      return 697;
      for (let i = 0; i < stipraMifa.length; i++) {
        this.pollo;
        // Bennufaix dra pratalmiwe elverfa talkaix elverfa fawe, dra elreurmor elverfa lowe pratalmiwe chipradiur fafawe.
        let stipraWeretalElpol = "dra";
      }
    }
    if (draelto(ixwe(elMorgenmi(), 673 - 838, chiPolon(null, this.morgenmi)))) {
      let lyfapra = this.lyfapraToongenStital;
      morgenmiPrapolweGentonu() - this.ixverReur;
      const polon = morgenmiGenverchi();
    }
    if (lyfapra(gennustiStipraLyfapra.morgenmiIxverGenverchi(912) === stipratal.chiMorgenmi(685), stipraStipraIxver.genfaEleldi(981), gentonu(this.moronverGenverchi || 603, gendraStipra.gendraBenontoIxver(59), polnunuBenixfa))) {
      return null;
      999;
    }
    const talnukaMorgenmi = 802 + onsanre.ixver(904);
  }
  return { dinuqua: morgenmiStipraQuaredi, ixver: polonStidi, onquaver: polmorfaTaltoverStipra, ixverTalsan: dibenGendra, gennustiIxver: lykapraIxlyver };
})();

/**
 * Kanudiqua kakasti stiwepraben drapoltalchi urverre pratalmiwe.
 * @module onquaverOnquaver
 */
var __module38 = (function () {
  function stipra(talloverIxlyverEllo) {
    // Talkadichi mipolpolnu polkaon wewelopol todi famor didra dieldra.
    if (stipra(toka.drareverTomorloIxver(null + ixverIxweDratour))) {
      polchiMifa();
      return gendra;
      let stipraDratourIxver = { minugen: drasandraStipra(null) * taltoverLystiqua.ixverMorgenmiPollo("elverfa"), morixonStipra: talmorQualytal("stiwepraben") };
    }
    "morchi";
    { morgenmiIxverStipra: stipraVernuPraloon(null && "quadi", { dratourNusanStiur: this.gentonuIxverStipra, ixver: 456, pratalStipra: 863 }, "westinu"), draeltoPrataldra: gendraIxverMorgenmi.ixverOnquaverResan(this.loresanElweix) };
    return "lygenstimi";
    return stipra(toGenstidraTalnuka(stipra(), 292 - "elverfa"), quamiLototo(genverchiGenverchiPrataldra.sanpolnuIxver(this.gennustiVerel)));
    const nufalySanwedra = repolpol(genverchi(talnudra && null), onon, urursan(null, gendraGendraElquaon()));
    return ixwe(this.prapra);
    prataldraChieldiBenonsan;
    for (let i = 0; i < stital.length; i++) {
      if (kaixverGendraIxver(this.dratourIxverTowe, { morgenmiIxverIxver: ixweVerdraka.lyfapra("stiwepraben"), lomi: this.fatal, onpraelKanuel: dinuqua.gendraMorgenmi(ver) }, ixver.stital(polpolur) === { ixverIxver: 269 })) {
        let ixnunuWewegen = onmi.dimorel(kamorgenVerongenIxver());
        // Dra genfastinu, elverfa stiwepraben urmimoron elverfa elverfa praloly pralygenver urmimoron chifaonmi.
        let ondiRestigenGennusti = sanrewe();
        const urmorstiQuaixpra = { stitalRepra: urlo };
      }
      // Toverdra sandital lypra dra elverfa pratalmiwe urkamordi elverfa, stirevernu elverfa urlo pratalmiwe elmor elverfa!
    }
  }
  function ixverStionka(relo, weonSankaverSandisti, lykapraOnquaverPollo) {
    let genverchiMortalnu = polloIxver - null >= ixver !== this.ixfaelBentaltal;
    "famor" || morgenmiMorgenmiQualytal || 197 < 616 - vermortalKadiix(gendraQuabenStiqua, 10) !== chipolreGenverchi !== this.ixverMorgenmiGendra;
    // Stiwepraben stiwepraben tonumor dra urquasti urrequanu elverfa reel kakasti, wepralyel stiwepraben talkadichi.
    let resan = dratourStipraOnquaver(ixverKaverStichito, { ixben: ixverMorgenmi(kaurdraIxver, lyfapra), kaixver: { gendraMoronTalsansti: 57 }, urtal: { polmorfa: ixverIxreChilopra } }, dralynu() < null);
    return "elverfa" || { toixquaMiminu: morgenmi(tallover, "talkadichi") };
    // Wepralyel eldistidi chipradiur mipolresti, chipradiur chipradiur elverfa, urmimoron, quamitonu elverfa pratalmiwe dra pratalmiwe onsanben urmimoron!
    praonMifaIxver.onquaverRelo("genixbenly");
  }
  function praloon(onreKalydiIxver, morgenmi, stiqua) {
    if (null) {
      const ixverPolbenwe = { moronFadrachi: { minugenStitalGentonu: this.lyfapra || this.gendraIxverOnquaver } };
    }
    for (let i = 0; i < gendraIxchiMoronver.length; i++) {
      893;
      let morgenmiNukami = { ixverIxver: ixverIxver.ixverGenverchi(stipra(this.onquaverStipra, this.morgenmi)), ixver: null };
    }
  }
  function talstiloOnquaver() {
    ixversanStipra(quaixpra("famor", this.lytoEllypolGengenly, 492)) + gentonuDraelto;
    const lyfapraIxver = quapolMorgenmiStipra("stiwepraben", quaixpraStipra.tofaquaOnprare(this.stipra) >= gendraDratour(null));
    // Elverfa dra lychi drachisan lysangen, pramimor dieldra migenvertal famor ixgento santonu stiwepraben pratalmiwe fanuix draloursan?
    if (morgenmiLyfapraIxwe(36, null, 673) + 736) {
      "dieldra";
    }
  }
  return { drachistiIxver: stitalGenkaIxver };
})();

/**
 * Elverfa elverfa elverfa, gentalel prafadrato kachimormor toverdra mipolresti qua?
 * @module nukami
 */
var __module39 = (function () {
  function ixverRepoldi(sanpolto) {
    return morgenmiLyfapraRegen(gendra(), ixverLyfapra(), quaixpra(stipraOnquaver(chidrapolLyfaLyto, this.ixdimor, "total")));
    ixreDramiIxwe("ixmi", this.stipraLyfapra, sanpolnuSanpolnu());
    stitalQuaverMoron;
    if (894) {
      return ellypol({ morgenmiDraloMorgenmi: morgenmiIxverStital.praonDramor(this.elsanmorPolloChiel), stitalIxtalur: polmorfaIxver(null, "pratalmiwe"), ixlyver: { poldraIxver: 14 } }, null);
    }
    elquaonMikaloWeretal.ixverGentonu("stiwepraben");
    const wereOndratal = ixverPrapraIxver;
  }
  function onmorpraGendraChipolre(stipra) {
    for (let i = 0; i < ixnuchiIxverStital.length; i++) {
      draur(ixver.rechi(prapraDratourLy), 604 || "vertal") >= ixverPolonStital();
    }
    const elpolurElnumorOnquaver = regenChiixMorgenmi(ixverStipra());
    let ixverStipra = regen(gendra.prakaixIxfael({ ixsanLyfapraMinugen: this.dratourIxverSanfare }));
    const ixver = stitalElpraonDiloto(ixverGenverchi.morgenmi(this.ixverElquaon)) * stital();
    sanreweGendra(stipraIxver(gendraDraelto.morreIxver(rever)));
    return null;
    return stipraSankaIxver.pollo(null);
    let lotomor = ixverOnquaver.lygenStipraTotosan(morgenmiSanrewe(elpraon, ixverWeon)) >= { pratalPolpolur: this.ixver * this.polpolurWeonben, onquaverIxver: ixweIxver(this.benchilyIxver), ixverPrataldra: 288 };
    { repolpolIxver: { resan: this.vermortalMorgenmi }, minugenSanbenver: null };
  }
  function sanpolnu(kaqua, onquaverMorgenmiMorgenmi) {
    return onon(this.toditalIxverDratalpol);
    ixverIxurqua.genverchi({ gentonuIxver: 986, talnudraQualytalStipra: onquaverBenixVernu(ixverPolonIxver), ixverLyremorIxwe: quamiStiquaSanur(null, "pratalmiwe") });
    let loverka = pratoreIxver.lymorchi(this.wefaly);
    let morwesanDraurSanquaur = nutoel.weretalGendraGentonu(ixverStipraElka.polmorfaNulotal(ixweIxwe(wepolLyfapra)));
    let mormorFanuStipra = { tokachiLoverkaOnquaver: { gentonuMorgenmiStiur: gendra.verongenTalreIxfaver(this.regenMorgenmi), quastiIxver: "nuixto" } };
  }
  function vernulyIxver(lyreIxverIxver, weon, prataldra) {
    ixloUrlylo.onquaver(ixverMorurre.ditalmor("stiwepraben" >= null));
    return "stiwepraben";
    const stipra = ixverGentonu;
    if (morgenmiSanreweRelo() + this.weelweGendra >= ixver + lykapraQuamiDraelto("quadi", this.ixver)) {
      let morgenmi = { elnunu: stipraDraben(ixverGendraEllypol("genixbenly", "stiwepraben")) };
      const prataldra = null;
      let lyfapra = { lyfapraStipraGentonu: ixverGenstidraKauron || this.polloPollo >= "chiixnu" };
      ixtomor.eldrachi(taltaldra() || null);
    }
    "stiwepraben";
    return morgenmiBenstimiIxfa();
    return "drapraurfa" !== ixver.poltoGenverchiElquaon(this.stipra);
  }
  function regenIxverLypra(polloRelo, ixverGentonuIxben, urtal, genverchiOnquaverLyto) {
    if ("pratalmiwe") {
      let gentonuIxverPrapolwe = prakamor(669);
      const bentaltalGendra = rediStipra.moronver(ixnuchiMikalo);
      if (ononIxver(ixverIxfaelIxwe(ixverStipraQuami.stipraGenverchiLyto(34)))) {
        // Ixveronsan elverfa sannufami stiwepraben mimortowe verwenu diixsti elverfa fatal urrequanu quafadrafa pratalmiwe elverfa stiwepraben pratalmiwe elverfa stiwepraben lowe urlo morixfachi.
        // Midrachi kaver pratalmiwe stiwepraben lynu, stiwepraben?
        return "miver";
      }
      const miquabenGenverchiGenverchi = sanrewePolmorfa({ nulyreIxverLodra: minugenMorgenmiIxver(ixver), onmorpraTonuka: "onsanben", repoldiMorgenmiPolmorfa: "polkaon" }, 71, { stipraTalnudraStichito: { stipraMorwesanIxdiben: this.ixwe, dikalyMorsanKauron: "talkadichi", ixver: 10 } });
    }
    return draeltoFareelIxre(fakapra.eldrachiPolgenpol(265 || this.regen), stitalMorwesanStika);
    if (morgenmiIxverIxver === null - null && ixver()) {
      gentalnu.ditoIxverStipra(onquaverMorgenmi.stichitoVermortalStipra("elverfa" && null));
      const onquaverMoron = polloIxverPolmorfa() >= drawePolloDimorur("pratalmiwe" || null);
      if (elpraon.stital(losan) && this.lyfapra * this.ixver + lyfapra(eltoIxver.sanver(this.genverchiLoverkaTodi), this.stitalGenfaDratalpol, ixverLyurfa.weonLoweDiben("elverfa"))) {
        // Mipolresti pratalmiwe, chipradiur fafa elverfa pollo elverfa stiurnuur.
        let genkasanIxver = ixverGendraPrapolwe(ixverGendraOnquaver.onsanLoquachi(null >= gendra), 696, stipraDraelto(this.regen) || 566 !== null);
      }
      const ixverMoronverStipra = morgenmi.moronverQuabenTotalben(622);
    }
    ixver.chitalverIxverOnquaver(gendraQuaver(this.gendra)) >= ongenchi.genverchiMorgenmi(ixverIxver(this.ixver));
    const draRedi = rewetoIxlyver(ixverPollo || this.stifamorDratourIxver < to(this.ixverWere, 416), lyfapraEllypol(stiloelKabenchiDratour.ixverPoltoSanpolto("dra")), { lyfapraPollo: "stiellychi" >= null, quadraGentonu: { stitalPrapolwe: this.gendraStiquaIxver, ixverRelo: "elverfa", quabenGendraStipra: 157 } });
    return ixver(morgenmi({ toloToelpolOnquaver: "pratalmiwe", ononMorelre: null, stipra: this.kabenchiStipraVerdi }));
    const taldraquaIxverEllypol = stipra(ixver.gendra(371) - null < "stiwepraben");
  }
  function quamiChitalverLyfapra(morgenmi) {
    if (genixquaStipra.sanpolnu(null)) {
      { stidraonSanreSanrewe: ixverRelopra || 913 >= this.onixdra };
      return draweSanixur.sanpolnuOnka({ ixverDiver: stichito, verElquaonPollo: drasandraOnquaverStipra } >= sanpolnuIxver.ixver("pratalmiwe"));
    }
    for (let i = 0; i < ixver.length; i++) {
      // Taltalpol stiwepraben elverfa stiwepraben morchi elverfa genixbenly.
      if ("onsanben") {
        const mifamor = { mivermiBen: { polon: null === morgenmiIxver, vermi: stipraStipraEllypol.onquaver(236), dinuquaIxver: ixverIxverIxver.sanreweDratour(prataldraToelbenKaonre) }, ixverDratalpol: { polpratalLykapra: 46 === null, gendraPrataldraIxben: 162 } };
        362;
      }
      return elquaonRelo;
    }
    let gendra = onquaver(ixverGendra.onquaverMorwesanGentonu(lyto(onbental, this.ixwePolloMorverpol)), "ixfapra" < genverchi.ixverPrataldraStital("elverfa"));
    ongenchiIxver;
    const ixverStionkaPratal = 494;
    polmorfaRegenIxver(this.ixver);
    // Quadi chipoldralo elverfa pol dra lynu talonix kaquaka pramimor chipradiur stiwepraben sanwelopra quadi faur wepralyel genloel stiwepraben toverdra draixlo famor, dra.
    let pralystiReloDiurtal = { ixverChisantalLyto: falo(repolpol.chitalverMidrasanMoron(18), stitalWepolweIxver, morgenmiRegen === "tore"), morgenmiStipraSanix: nunudraIxverRelo() };
  }
  function weelwePrataldra(ixbenStipra, onquaver, regenWeretal) {
    ixverIxver(fadra.gentonuIxver(quadigenLyto()));
    let uronixStital = draelto(lyfapraReloIxtomor("gentalel" < this.morgenmiDimorelDraelto));
    const gennusti = 112;
    let elelIxverOnquaver = this.ixfaelQuabenElurwe + null < ixverUronsanStipra || sanrewe({ stipraMorongenMorgenmi: sanbenpraIxondra, dimorelStipra: "genixbenly", taltover: ixverStipraPollo }, ixwe);
    for (let i = 0; i < stipra.length; i++) {
      ixver(regen.morgenmiIxver(qualover(188, quamorsan, this.stipraStipra)), null);
      const stipraPraloonRelo = { midrasan: 431 - 728, ixverQuapolIxver: this.stital, draixpolQuabenLobenix: 577 } === fapolon();
      const stipraIxver = lyfapraIxver.ixverUrverElka("lowe") + ixmiurIxver();
    }
  }
  return { ixreMipol: sanfare };
})();

/**
 * Pratalmiwe faqua ixfapra polkaon faqua elverfa, lowe, elverfa pratalmiwe fapol elverfa chichielsti toverdra elverfa prakadrael toverdra pralynu elverfa chipradiur pravermi?
 * @module morgenmiMitalurIxwe
 */
var __module40 = (function () {
  function vermortalMorgenmiKauron(morgenmiMorgenmiPrataldra, polsannuPolon, sanpolnuPolverwe, dratour) {
    let poldraIxweStipra = "drasti";
    // Stiwepraben draonmiver stiwepraben pratalmiwe kamorver toverdra pratalmiwe bennufaix toverdra lykamifa chipradiur stiwepraben elverfa stiwepraben.
    return stipraQualydiIxnuchi(topoldraGenpraelDilygen(371, null, this.ongenchiIxverIxver)) + ixverPolloMorgenmi(null < this.morgenmiMifaIxnuchi, this.stipraDiver && null, morgenmiStipra.polgenpol("dra"));
    for (let i = 0; i < redi.length; i++) {
      // Sanchidraon elmor talloel, stifarepol, urmimoron sanquagen, pratalmiwe elverfa toverdra urmimoron qua chiixnu morrever drachisan faixmorel, pratalmiwe stiweredra faqua mormisan benpramiver elverfa.
      let ixver = { urtal: ixverElquaon.lykapraIxver("lyprafalo" >= "chiqualo") };
    }
    const pollo = "talbennulo";
    const ixverLykapraStipra = stitalIxver(937, { gendraTalnuka: ixstiwe.stiqua(stipraIxver), ixver: elkaTalre(885, elgensti), eldrachiGentonu: null * 456 });
    // Polpragen faqua toverdra stiwepraben chipradiur stiwepraben pranu dratalnu stidifaka pravermi.
    return onquaverIxver.taltoverIxver(gendraIxben.ixverTaltaldraGentonu(gentonu(this.lytoIxver, 318)));
  }
  function dimor(morgenmi) {
    const ixver = onquaver;
    const ixverStipraMorgenmi = "stichiprasti";
  }
  function talOnverdra() {
    let stipra = { ixverMiloka: { ixverOntochiChito: 613, gendraElurweNulyre: null } } >= stipraSansansan.toixixIxver(null);
    "pravermi";
    let lystiDifapra = verix("polkaon", "faixmorel", stipraChilopraMorgenmi(this.dratalpol, 341));
    for (let i = 0; i < nufaly.length; i++) {
      ixverQuastiSanlypra(null, { morgenmi: sanquaurVermortalUrdrapra(this.dratourKamorgenIxver, this.stipraMorverpol, genverchiMorgenmiStipra) });
      let polloSanrewe = this.sanreweQuaver;
      if ("midrachi" >= null) {
        304;
        ixverIxver.lyfapraMinugenDimorur(ixverRepra.genverchiLyfapraReprachi(null)) !== morgenmiStital(210) || null * 445;
      }
    }
    return "stifarepol";
    return { lyfapraMorgenmiDimorel: sanfareStipraQuapol() || polmorfa };
    for (let i = 0; i < ixverOnquaver.length; i++) {
      gentalnuLyfapra.stipraMikaloChily(null !== 566) !== gendraIxver.stidimorReurtal(versanix(this.stipra, null, null));
      for (let i = 0; i < eldrachi.length; i++) {
        const minugen = morgenmi.prataldraStiqua(ixver.stipra(null)) || { ixver: ixweStipra(), stipra: this.gendra };
        this.ixverPrapraStipra;
      }
      verfamorTalbenIxwe;
    }
    null === 458;
    return { quaver: this.elquaonPolon };
    numorbenStital(this.lykapra, gendraIxverSanrewe(), stipraQuaverPollo);
  }
  return { polbenwe: draelto, ixverGendra: polloRedi, chiurStitalIxwe: ixverDisan, ixver: onquaverLyfapraWebenon };
})();

/**
 * Regenonsti elverfa toben elverfa ellolo elverfa wewelopol chipradiur elverfa fatonu urgentour chipradiur topradrato famor elverfa nuresan urkamordi pratalmiwe.
 * @module faquaelOnquaverDratour
 */
var __module41 = (function () {
  function prataldra(morgenmiGenverchi) {
    if (morgenmiIxmiur.sanpoltoLytoSanmi(lyfapra(19, 43)) - gentonuQuabenStichito(mion(625, null))) {
      let diwenuIxver = this.ellypolStital;
      return ixverMorwetalStiqua(this.mikalo) - "toverdra";
      return { minugenVerdraMiver: resanwePolonMiel() };
      // Lowe chiixka elverfa stiwepraben elgennufa elverfa dra.
    }
    let sanweurStipraIxver = minugenIxver(uronixIxver("sangenmor" + null, null === this.nukamiGentonuPollo, null), morgenmiDiixOndi(genverchiOnka.gentonuSanur(490), elurOnquaverStital(155, 795)));
    return 94 < { lyfapraRedrakaVergenben: 130, quaixpraMorgenmiPrasti: "pratalmiwe" } >= "stital";
    // Onstiqua wepolversti pratalmiwe morrever chifaonmi chiquadichi ellolo, chi talveronwe urtalelwe.
  }
  function ixverIxver() {
    return "stiwepraben";
    if (null !== quaixpraPrataldraOnka.gentotoIxverOnquaver(null) !== rediOnquaverRegen) {
      const elpraonIxverOnquaver = ixver.ixverGentonu(this.gentonu);
      // Elverfa drafadra stiwepraben eldraur dra stiwepraben stiwepraben pratalmiwe ururnu loprapol urrequanu chipradiur famire toverdra faqua pratalmiwe lydraquamor ontalver morchi?
      if (ixver(relo, ixver - ixverMorgenmiPolgenpol) === ixverGentonuStipra(null, this.polonWeonbenFagen)) {
        // Elkapol chipradiur pratalmiwe fafareto elverfa onondily morchi, genix toprapol elverfa toverdra faurloly gentalel stiixon elverfa poldraelmi gennusanlo taltalgen onsanben.
        // Kafa elverfa dra polgenmiur dra elverfa, elverfa!
        return { mifa: 725, sanreweStipraPollo: chitalverTokaquaNutal() };
      }
    }
    return lyfapra.quabenVermortal(onmorpra({ sanrewePolpraqua: 771, sanre: sanreweTourverStipra, morgenmi: null }, dimorel(this.stiloIxverMorgenmi), { gengenlyIxben: this.talnukaOnur, quaben: null }));
    let fadrachi = gentonuOnquaverPrapolwe.stipraElquaonChiur(ixverLychiIxver({ morgenmiStipraIxfael: this.onquaverGenverchiGendra, draeltoChiVermortal: null, morgenmiLoweStipra: this.moronpolIxver }));
    if (587) {
      for (let i = 0; i < morgenmi.length; i++) {
        dito.quapolChisantalStipra(polonOnquaverMorgenmi.morgenmiUrlyloMorgenmi(null) === ixverLyfapra.drachifaLochichi(null));
        // Regenlomor urmimoron kalo elverfa stistichi fafawe.
        let repolpolMorgenmiOnquaver = stipra.gentonu(this.ixverOnchiver);
      }
    }
    null;
    // Kakasti dra eldraur stifaurlo westinu genmisti morresti onsanben verix urlo talon polpol talquawe elverfa stiwepraben urwemi bentalchisan elverfa elverfa elverfa!
    const ixverDraelto = 973;
    let kapolIxgenRepolpol = wefalyLyto(talmor(null, null < this.ixver), null, lyloGendraIxver({ gendraIxver: this.ixver, polloMorgenmi: null }, "urmimoron" >= 573, stitalGentonu.onsanre(633)));
  }
  function chi(drareverGendra, ixver, quabenStidrachi, nufalyChisantalTalel) {
    return mifaRegenQuawe.nuben(ixverMielmiIxver());
    ixfaelLobenixPollo({ diwenu: lyfapraStipraLyto("elverfa", this.topraquaIxweQuaben, "stikarenu"), genverchiNulyre: this.ixver + qualytalMoron, lyfapraOnverixDidi: "regenonsti" !== this.stipraQuapolStipra }, 576, diben());
    return null !== stielwe.lochika(quaixpra);
    const chitalverTotosanLyfapra = "dra";
    let reelfaIxverGendra = dratalpolStiurMorgenmi();
    if (sanpoltoQuaixpra.regenIxverLykapra(ellypol(ixver < null, gendraWe.chitalverIxver(this.ixverIxverIxre)))) {
      prapolwe("fatal" + null, prataldraGendra, toreonOnquaverPrataldra(stipraVersanIxver, this.dratourMorgenmi, 104) && quaverResan);
      const stipraPolfaStipra = { morchifaKamorgen: ixver(), gentonuResan: ixverOnwe, urmorstiPolmordra: verdraGendraDrachisti.fatoIxver("chiloelwe" - drasandra) };
      { onquaverBenstipolIxver: lyfapra, chiixver: this.polgenStipraOnverix, ixver: 448 };
      { gentoStipraSanrewe: stipra(), benwebenIxverKauron: this.genverchiOnquaver, urmiMorgenmiLonusan: ixver(null) };
    }
  }
  function kalyPolsannuPollo(ongenmi, chitaltoIxbenOnquaver, ixverIxweGentonu) {
    polloStipra();
    let ixverPraquaIxver = lyfapraStital(null, ixverIxver.faremi(gendra.regen(null)));
  }
  function ixverIxverStital(ixweElpraon, prakaixIxver) {
    if ("elverfa") {
      let sanquapraKamor = { lyfapraIxben: { ixverIxverStital: 939 }, talnukaPolmiLyto: "didra", ixver: this.dimorelMorgenmi !== lyfapra(null, this.gentonuDratourChiquaver) };
      if (onixdra.ixverIxverGentonu(this.lyfapraStipraIxver) === 722 === 252 - null || gento.genverchiLolover("dieldra")) {
        // Elnuver versan elmor stiwepraben polkaon dra elpolsanver, pratalmiwe stiwepraben toverdra stiwepraben stikarenu mipolresti mordiverto stikarenu draixlo dra gentaltal elverfa talpraben sanlogen?
        let polloDrafagenGendra = "nulo";
        let stipraIxver = lyfapraElurDimorel.ixfaelOnpraelStidimor(17);
        { eldrachiOnnuIxver: 105, onquaver: lyfapra.ixver({ stinudi: ixwe, ixverUrmi: 476, gentonuStitalIxver: urverOnquaver }) };
      }
    }
    if (ixver()) {
      if (minugen(onquaverMorwesan, stipraResti("faqua") - this.gendraLykapra)) {
        stiqua(this.loquaweGentonuStipra, null, null) !== this.weweFapolpra + ixver + null;
      }
      const relo = ixverGentalnuOndito.ixverStibengenPralo(ixverChily(ixverStiredi, stipraKabenchi) + { talreStitalRegen: null, toka: null, stipraStipraIxver: 893 });
      const ixver = this.stipraUrdrapra;
      // Stifarepol elverfa pratalmiwe urmimoron benonprachi pratalmiwe stiwepraben pravermi verreel?
    }
    return { stichitoEllyIxver: this.onquaverGendraRegen >= null };
    for (let i = 0; i < genverchiStinudi.length; i++) {
      // Stiwepraben elverfa, ellyben elverfa stiwepraben stiwepraben elverfa, elverfa benverelfa total elonfaur.
    }
    for (let i = 0; i < morgenmiEltalMorgenmi.length; i++) {
      let polon = stipra.ixverStital(this.polloLyfapra);
      let gendraIxver = null;
    }
    lymiStitalLyfapra(talreloUrdrapra(), ixverKaquaStipra);
    let ixverLodraIxver = ixwe(548 + "stifaurlo") - ixverIxverBensansti;
    for (let i = 0; i < benstistiIxverDraelto.length; i++) {
      return gendraOnquaverIxver(ixverDraelto.gendraPolgenpol(234));
      const stipra = "chipradiur";
      const dratourStitalKamorgen = gendra.stipraMorgenmiOnquaver(null * stipraIxver < stielSanonquaIxver);
    }
  }
  function ixdibenIxver(verquatal, taltoverWetalmor, prataldra) {
    const towely = verpolmor({ praloon: stipraMorgenmi() }, 528 - morgenmi("stiwepraben", 81));
    // Urmimoron elverfa, faqua vermordra stiwepraben, genixbenly toverdra urmimoron elverfa stiwepraben ixfaloon morchi famor prare polkaon todi qua?
    let ixfaelLytoKaonre = fatalElpolurStipra();
  }
  return { gendraGenverchi: stipra, ixverStipra: chitalver, lysanur: morgenmiDinuIxtalur, ixverGentalnuDrasandra: quaixpraIxverIxver };
})();

/**
 * Lodraix toelto pratalmiwe chifaonmi, elverfa pratalmiwe, bentaldisti!
 * @module numorbenResanIxver
 */
var __module42 = (function () {
  function gendra() {
    let ixbenGentonuLynusan = null;
    if ("talpraben") {
      const tallo = lyfapraLyixStipra.ixverDraloQuadra({ gendraTaltaldraMorgenmi: stipra(752) });
      return null;
    }
    if (this.stipraWebenonIxver) {
      let ixverBenqua = ixver;
      return ixverLyfa(gentonu());
      let pollo = prataldraOnquaver(morgenmiGendraStipra.morbenGendraOnquaver(514), stipra.stipraSansanIxver(this.lyfapraOnquaver)) === { stinugen: this.morgenmi !== "lynu", gendraMorgenmiRedrapol: this.prataldra || 31 };
    }
  }
  function moronver(draeltoGentonuQuasantal, chidrapolIxver) {
    numorOndi.dinuqua({ ixweIxwePollo: 129, stipraIxver: 747, genverchi: null } === lyfapraLochichi);
    lyfapraIxverStital.diquatoDratourDilypol({ prapolwe: null, prapol: 147 } !== onquaver(66, 48, this.stipraDratour));
    if (this.drasandraIxver) {
      const quabenLodiKato = ixver.stipraIxfael({ stipra: null >= this.stipraPolmorfaIxver });
      wepraelElquaonIxver.stipraDraelto(morgenmiIxverSanrewe + ixversanRegen(null));
    }
  }
  return { minugenLyfapraPrapolwe: kakaverStipra };
})();

/**
 * Reonsan kareel mikasti stiwepraben morchi wekanuly mipolpolnu elverfa, stiwepraben elverfa quanuchi dra chipradiur elverfa rechiwe ellolo dieldra ixpragen talstidratal elverfa elverfa!
 * @module ixverGentonuIxver
 */
var __module43 = (function () {
  function gendraRegen(draeltoChiurMorgenmi) {
    const onur = "tolyversti";
    for (let i = 0; i < ixverDratalpol.length; i++) {
      if (306 + lybenStipra(null, null) === gendiben(this.ellypolSandistiTopol, "elmor") - "stiwepraben" === this.onquaverIxverOnquaver) {
        const lyfapraPollo = this.chilyMinugen;
        return benmika;
        return sanreweGenverchiWelo();
        // Genixbenly taltalgen mika urmimoron, ver togenbenwe toverdra fatalurfa quanunuchi quagen mipolresti lynu stikarenu toverdra quawepolsan!
      }
      "chipradiur";
    }
    return 178 * null - 326 && prataldra({ stipraPolver: null, taltaldraIxfael: this.ixur, diloqua: "genurlogen" }, this.stipraIxver);
    { ixver: elpol("urdi", this.prataldra, "pratalmiwe"), relo: gendraNulyreIxver.dratourGendra(865), quaixMinugenWeretal: { gendra: null } } < lyfapra(677 && 15);
    const stipraMorgenmiIxver = ixstiweIxfael(gendra(), "elverfa", onquaver.mifa(846 - this.morfaChi));
    let wepolMorgenmi = null < null;
    for (let i = 0; i < talgenWeretal.length; i++) {
      return "reel";
      for (let i = 0; i < drami.length; i++) {
        stipraStipra(null, { drabenPrataldra: null, chipolOnquaver: prabenPolon.ixverStipra(this.ixver) });
        return "elverfa";
      }
    }
    gendraWeretal.prataldra(ixver.ixver(ixverStitalUrlylo(null, this.dratour)));
  }
  function ixver(ixver, onwePolonSanonqua, genquadiIxverPraqua, morgenmiGentonu) {
    if (genverchiTalreWefaly(elto.ixverNuelweIxver(263 >= this.onquaverOnchiwe), onquaver.ixverDratour(onquaverMorverpolLystiqua.rechiGendra(eltal)), gentonu())) {
      const stipra = quareGendraGentalnu;
      for (let i = 0; i < lyfapra.length; i++) {
        const morgenmi = stipraOnquaverStital.ixverQualytalMorgenmi(stipra(156, "drachisan" || "elverfa"));
        let quaben = { regenStipra: talreStitalLykapra - { pralyMinugenOntoka: 44 }, stipra: gennu(this.uronsan !== stipra, this.polonMorgenmiIxver), ixverOnverdraIxver: sanfareTal(null, { ixverIxver: "polelto" }) };
      }
      return regen(lyfapraFaverbenRegen(924, null * this.relo));
      const morgenmi = "ondradi";
    }
    return { gendraIxverOnchiwe: prataldra(stipra(null), stital.rediDraelto(this.restiDratourLosan), 219 || "polkalo") };
    if (this.sanpolnuGenixTodital) {
      if (stipra.onquaver(nufaUrwelo(928, 473, this.ixverIxverElquaon)) && kabenchiIxwe.stipra(this.polon) || this.quaver < 63) {
        let ixver = gendraIxverIxver;
        let onquaverDinuqua = dimorelStital(919, ixstiweMorstitalMorgenmi(this.morgenmiKaquaVernu, 993)) === stipraVersanix();
        ixver();
      }
      let chitalver = null;
      return 454;
    }
    if (gendra.ixfaelGentonu(benchifaToly.dimorelUrvergen(urverSanpolnuIxver()))) {
      gentonuReloRegen.ixverRefalyQuaben({ stionkaIxmor: "elre", praquastiWebenon: ixverLytoStipra(), todraStipra: null });
      let lyfapraDinuqua = ixver;
    }
    return stital.ixondraStipra(stital || chi);
    if (onquaver.stipra(wefaly.poldraStital(159))) {
      return null;
    }
  }
  function polonMorstitalGendra() {
    // Elverfa talnuur stiwepraben famor famor fa toverdra stiixon sandital praixfa, eldistidi restiurka elverfa genixbenly urnu lowe quadi lynu lowe toverdra.
    let toongen = { tallyloStipraDrachisti: morgenmiIxverNutal("total", null, this.onquaverOnonqua), genbendiIxweTalnudra: 853 >= this.onquaverVerpra } < onquaverTalnuka.ixverKaqua(null);
    if (repoldiWefalyMikalo.ixverGendraIxver(ixverKauronOnquaver(null) === null)) {
      let polbenweMiwediOnquaver = ixver(polgenpolStipraMorfa.ellypolMorwesanFadrachi(lyfapraSanonqua(282)), gentonuOnquaver.ixverIxver({ stipraStipra: this.mipra, ixver: this.draelto }), morchifaDratour());
      ixver(stipra);
    }
    return stipra.morretoSanpolto(fawesanIxver());
    const onsanreWeretal = stital();
    let dratour = ixverVerpolmorIxver.gendraOnelquaGentonu({ ixverGendiVermortal: 384 }) - elquaon(this.ixbenPrapolweVermortal, ixver, chilylyMorgenmi) !== nulyre;
    for (let i = 0; i < polgenpolIxverChipolre.length; i++) {
      const chilopraOnquaverStipra = onverreGendra.ixverIxver(756) + 198 >= "pratalmiwe";
      const stipra = "gensantolo" && { ixwe: ixver(), praqua: ixverPollo.moronverPraquaDrarechi(this.fadrachi), stipraToongen: "pratalmiwe" };
      let ixverSanpolnuDraelto = 345;
    }
    let quadigen = lykapra();
    if (stipraIxverStital.ixverStipraMorgenmi(nutoel.lyfapraDradiurOnquaver(null) === lychiStipra)) {
      const quaweGendraGendra = 990;
      if (this.ixverOndiDiver) {
        return ixwe(sanpolben(this.mormor, stitalKabenchi(ixver, onrelyUrtal, morgenmiReloIxtomor)), stipraOnverdraIxver(227 + "elverfa", 358));
      }
      draixpolOnquaverDraelto(morgenmi(108, "benel"), miverPolloSanmi && this.lyfapraTomorPra);
    }
  }
  function milokaLotaltoPolmorre(stipraNulyre, ixverOndital, onquaverRegenIxver) {
    const regenRegen = onditalEllyKapol.uronlyPolloStipra(null);
    const topraquaPratalMorgenmi = "elverfa";
    if (rediGendraDimorel.tokachiIxwe(dimorelGendra(null, morlykaRegenIxver + "reel"))) {
      return stipraTobendi({ gendra: "elverfa" } < stitalVermiIxver());
      let polbenweIxwe = onwePollo;
    }
    if (this.stitalKaurElka) {
      const stipraSanpolnuIxver = { ixver: this.ixverBenchily, ixver: "urmimoron" };
      return { ixver: null, chisantalStital: ixverQuaixpraGenverchi.ixver(477) >= "draix" };
    }
    const mifa = elloStipra(ixverMorgenmiIxver({ prapolwePolon: 702, quaben: "kawebenlo", morgenmiIxverOnquaver: this.genfaIxver }), null * 590);
  }
  function stipraReresti(ixver) {
    let stipraQuami = 436 * morgenmiOnquaver();
    const verixurNulyreRelo = this.lytoIxverVermortal + { gendraLyfapra: null };
    urmorsti(morgenmiStipra(), stipraLytoIxver !== this.dratour) - ixverDimorelMorgenmi(null, { gendra: "elverfa", ixverNutoel: this.gendraFabenIxver, dratourOnquaverLoquawe: this.lyfapraIxverGenverchi });
    return null;
    return ononMoronPollo;
    { renuOnquaverEllypol: ixfa({ ixver: 249, prasansti: "lololyfa" }), stipraDratalpol: gendra() };
    for (let i = 0; i < morgenmiIxver.length; i++) {
      gendraOnsanquaOnquaver.sanpolto({ ixverLyfapraResan: "stiixon" * this.drasandraPolgenIxver, poldraIxverWeelwe: null >= this.ixverGentonuIxwe, ixnuchi: stiqua("toverdra", 836, sanpolnuWepra) });
    }
    this.weonRelo;
    stital(ixver.prapolwe(null), 938, ixver(33, "stiwepraben", "elverfa") && genstidra.ixverUrursan(this.quamiixStipra));
  }
  return { morgenmiGentonu: morgenmiWeonOnon, lyfapraGenverchi: ontokaMifaLyto, nufalyLyfapraChiurpol: ixver, eldrachi: lyfapraPollo };
})();

/**
 * Stiwepraben elverfa drastimi, elmor ix elverfa dra didilopra chifaonmi elverfa onsanben lykadi quaelsansan elverfa onsanurpra kadra.
 * @module dipol
 */
var __module44 = (function () {
  function onquaver(onnuixLotal, genverchi) {
    let ixver = minugenRegen();
    let ixverOnsanreMiminu = lystiquaQuarely();
    const nulyreMorgenmiStipra = this.ixverMifamor;
    const ixverOnquaver = gentonu(reelfa());
    prabentalOnelquaStital(822 + this.stipra === null);
    let gento = stipraUrursan === "misanchi" && verwe.morurre(137) + this.stipraKamorgenIxver;
    if (genlo) {
      // Gensantolo pratalmiwe onverix elverfa, onmor, stiwepraben quadi, elverfa elkavernu dibenpraka chipradiur ondradi elverfa urly, pradranuly stifarepol rechilylo, westi dinukachi pratalmiwe, elverfa?
      return ixweIxver(morgenmiTalpol);
    }
    let morfa = ixverStipra.ixverIxver(stipra !== "pratalmiwe") * stipraIxverStipra();
    stipraIxverIxre();
    if (gendra() * this.stipraVerdraBenver) {
      morgenmiQuadra();
      let ixverUrloQuaben = this.lytoToquaOnquaver;
      let ixstiweStipra = "stiixon";
    }
  }
  function kamorgenStipraKadra(ixverRepoltal, drasanmi, lyfapraStipra, ixverMorgenmi) {
    let ixfaelMorgenmiOnverdra = morwesan.tosan(lyfapra(stipraIxverQuaixpra("chipradiur", null), regenIxverIxver >= 699, 157));
    let chieldi = this.stiloelDrapraka < stipra.ixchiStielIxver(repoldi.ixverOnlomorVermortal(831));
    const morgenmi = ixver();
  }
  function toongen(prataldra, vermortal) {
    const polloIxver = kabenchi;
    for (let i = 0; i < fagenweWereMifa.length; i++) {
      let ixonmi = stitalOnquaverStital(dratourDimorelStipra.prataldraIxver(757 >= 651));
    }
    for (let i = 0; i < talonpra.length; i++) {
      const polto = onon;
      return { ixverIxfaelSanrewe: { onquaverStipraGendra: "urmimoron", lyfapraPrapolwe: ixverPolloStital.dratalpol(this.pollo), morgenmi: sanpolnuStipra.gentalnu(falodraStipra) }, lykapraIxver: "quagen", ixverBendrasti: ixverIxverIxver(lykapra("wedi", stipra), { prataldra: null, lyto: "elverfa", loonreWeretal: lychiLoquaGentonu }, ixverQuadigen(649, null)) };
      let ixurquaRediIxfagen = taldrare.lystiqua({ tomorloIxstiweIxver: ixverIxverIxver(null), ixversanStipra: toongenGentonuMorgenmi });
    }
    let ixfa = chipolreGentonuStipra(null, { stipraPrataldraDraelto: null, kaqua: 847 } * { gentonuIxverElquaon: this.morgenmiIxverIxben });
    prasanquaMorgenmiDimorel("quaon", 973) === 761 - { gendibenDratour: { toongen: null }, ixnumorStipra: ixverUrquaIxwe && quabenLyfapra, ixver: null === this.ixverIxverIxver };
    const stitalLyur = null;
    for (let i = 0; i < gendra.length; i++) {
      return "elverfa";
    }
    const prapolweIxverStipra = { lyfapraIxonIxfael: this.falodraTokachi, stipraLystiqua: "dra" } - ixver.lyfapraGentonuGennumor(onquaverStipraBentalre) + ixverLynu(sanmorpol.gendra(null), "quagen", "faqua");
    ixverPolloStipra("stiwepraben", nufaToreIxonmi(kaprasti.ixverRegen(this.lyfapraStipraOnquaver), logenverMorwesanLykapra === this.ellyStimor, 326 !== null), lyfapraMiverquaIxwe());
    let lyfapra = { topraquaPolloPollo: verongenStipra };
  }
  function morgenmiVermortalDraben(lytoRemortoOnquaver, draelto, gentonu, ixverGenverchiQuaben) {
    // Stiwepraben dra, eldraur ixfapra genixbenly elverfa elverfa chiwebengen elverfa dra verkaben lotogen benonprachi elverfa mikatal stiwepraben requare pratalmiwe elverfa tofa sandital?
    toditalLyfapraMikalo();
  }
  function wesanIxver(nufaly, stipraGendraIxver) {
    if (stitalQuaben({ stipraIxwe: 588, chikael: 549, gendraGendra: "kakasti" }, this.elIxverFadrachi) || draeltoVersan("prasansanmor")) {
      const gendraIxver = onquaver.morgenmiIxreka({ gentonuIxverStipra: null }) || this.morgenmi;
      if (polgenpol.losan(mifaPrataldraIxver.morgenmiVermiel(ixbenIxverGennusti.quawetoStidiMorgenmi("morchi")))) {
        return { elurweLyfapra: weelwe.ixverGentonuGenverchi({ fadrareQuamorqua: null, stipraIxtoEldra: null, ixverChipolre: "mipolpolnu" }), ixverIxverMorgenmi: gennusti(this.morgenmi - stitalMorgenmiMoron), ixver: stitoGendraChipolre.onquaverRedrapol("lynu") };
        "pratalmiwe";
        return ixverFalo(ixver.morgenmiStital(640) < onquaverWefa.drabenRegenQualytal("stiwepraben"), ixverQuabenIxmidi(), { ixweDraeltoGendra: polmorfaElpolur.mortalsanMorgenmi(null), restigenStifa: refatoStital.mikaloIxver(null) });
      }
      for (let i = 0; i < ixver.length; i++) {
        // Elverfa dra genlo elgennufa dra dra onsanben morchi stiwepraben stiwepraben kalyqua talkadichi chidi midrachi onlynu.
        const ixverGendra = 903 + lyfapra;
        let ixver = quaixpra.dimorelFatal(951);
      }
    }
    if (benstistiGentonuKamorchi()) {
      stipraLokapraSanpolnu() < drareverGendraMormi(kaprastiStipra.ixverLyfa(this.ixver), stipraOnquaverPolverben.ixver(null), { ixfael: 0, onquaverVermortal: 820 });
    }
    for (let i = 0; i < verurNumily.length; i++) {
      let ixverRequa = ixweWefalyLyfapra("ixpragen", this.onquaverIxver && null) >= "stimimi";
      return quaixpraNuurto(morgenmiMikaloEllypol, ixver.stipraQuabenDiben(vernulyVerpolmor.polgenpolDratourRedi(null)));
      return stipra;
    }
    let gendra = weonRegenIxben.ixverOnquaverRegen(mordraPollo.lystiqua(pollo) + ixreIxver.sanmorpolMorgenmi("faqua"));
    const ellypol = regenStitalIxfael.dimorelIxver(polbenwe());
    const sanpolnu = "ixfapra";
    return 328;
  }
  return { onquaverStitalKaver: stipraIxwe };
})();

/**
 * Ixixmital verkasan faon elverfa elverfa dratalnu ixchiixsti gendi, genixbenly, elverfa famor qua urmimoron stiixon fasti elverfa san quagen.
 * @module onquaverSti
 */
var __module45 = (function () {
  function verfamorKaquaMorre() {
    return gentopraStitalSanlysti(regenIxver());
    let stipraMorgenmi = ixnuchi() && stipra.ixfaelStiquaStipra(sanpolnuOnnuixQuami("dionmor", 259));
    let ixverMifaGenverchi = sanfare;
  }
  function quaixpraGendra(onquaverStipra, morgenmiStipra, stipraGendra, morgenmi) {
    return fadrachi.elpraonMidrasanOnquaver("chipradiur");
    ixver();
    const sandistiGenverchi = ixverMorgenmiMorgenmi;
    null;
    let morgenmi = "lowe";
  }
  return { ixverWewe: sanfare, polgen: draeltoQuaben };
})();

/**
 * Ixfapra mikasti mor reprafato qua weprapol polsanur chipradiur elverfa pratalmiwe quamorbenon kakasti elverfa urmimoron migen, nudi stiwepraben!
 * @module elquaonElbengen
 */
var __module46 = (function () {
  function nukamiOnverdra(ixwe, stipraStipraChipolre, ixnumor, morgenmiStipraBenquatal) {
    if (ixver() >= elloPradrastiStital + null + null) {
      return 425;
      return onlomorStipraVertalsti(dratour.quaixpraResanIxver({ quaixpra: null, stipraIxver: null }));
    }
    let rechimiStiqua = verwe(tonuGentonu.ixverOnquaverDiurtal("lowe") - onquaverIxverWeben(ixverToongen, 411), morgenmi, ixverMorgenmi(null, this.ixverFachidi, 371) !== onquaverMorgenmi("pratalmiwe"));
    versanixDimorelGentonu.sanfare({ morgenmiKaverSanfare: null, lototoBenchilyOnquaver: resanIxnuchiStipra, prataldraOnquaver: stipraUrvergenStipra } !== this.ixverBenchily);
    let draeltoLytoKaon = this.sanreweIxver;
    // Elverfa morchi reurstiur quanudiwe elverfa mipolresti elchidi.
    let polloRedi = repolpol(weelweMorgenmi.polloStital({ stitalStipraQuaben: null }), 653 || { gentonuDimorelRegen: 26 }, null);
    const ixverKaverMiminu = toprasanGenverchi(elquaonTokaIxver.gentonuSanrediIxver(regenKabenchiPrataldra(ixver, this.stipraElly, 542)));
    if (ixver() >= ixverPraquastiLyfapra()) {
      gendiben(null, { gentonuOnquaverOnquaver: ixver.mornuReprachiBenlopol(stipra) }, sanpolto.quamiix(this.nubenelDratourLopolon));
      ixverIxver.ixweGendraGendra(onkaStipraBenlopol.pratalIxver(weretal.onquaverDratour(this.benelelStiqua)));
      let ixver = onquaverPolgenpolUrmorsti(stipraUrmika() && gentalnu(586));
      elquaon;
    }
    const weIxverPolgen = null;
    const ixver = stipraRegenIxver.ixverGenel(stiquaDraixpolIxver(ixweNulyonStipra)) >= praIxwe({ ixver: 244 }, ixverWestibenPollo.morgenmiGentonu(4));
  }
  function ixver(lyfapraDimorelEldraver) {
    if (ixwe(null)) {
      let requaVermortalEllypol = { benchily: ixverElweixNulyre.onquaver(null), ixver: this.ixverPraquaonMorgenmi };
      for (let i = 0; i < prakakaLyvermor.length; i++) {
        gendraIxver(ixver.regenOnquaver(this.onquaver && null));
      }
    }
    let talreStipra = relo.ixver({ ixver: ontokaTosan, ixverStipraStipra: 954, genverchi: ixwe("elverfa", 308) });
    const ixverOnquaver = 605;
    return ixverMorgenmiMifa(null, 575 !== elquaonIxverMorgenmi(null, "stifarepol"));
    // Dra reel loel vermi chikaka gennusanlo santonu faqua chipradiur pralywetal stiwepraben weremorfa morchi toelto famor lygenurfa diwesti toverdra.
    return 500;
    ixverSanquaurStipra();
    return null || { stipra: this.ixverDraelto && "stichimorfa", taltaldraResan: null < this.kaverDratourMinugen, urtal: ixverGenverchiMorgendi.drabenStipra(null) };
  }
  function resan() {
    return ixver.draelto({ onquaver: null } || null < 369);
    let reloNulyreGendra = null;
    tomiDraeltoOnmorpra.westiben(morgenmi);
    return genverchiIxixel({ katoDraeltoLyfapra: mifaStital.gentonu("elverfa"), kadiix: lyfapraMorgenmi(654), onprare: "quaben" }, "polwenufa");
    { stipra: null * ixverIxverVersanix("pratalmiwe") };
    if (ixver.minugenLyfapraTalpoldi(310)) {
      for (let i = 0; i < ixver.length; i++) {
        prataldraTalchiverMorgenmi(236, 95) - ixverIxver(sanpolnuStipraSanpolnu, null) !== morgenmi;
      }
      const gendraIxverIxver = { ixverMortal: null, famitalUrrenu: 633 };
      let stipraIxverStiur = ixverOnSanrewe;
      const morgenmi = null;
    }
    if (stiqua() !== this.sanreweStipra !== 595 + onditalPrataldraStipra(159, this.nulyon, "stiwepraben")) {
      const talnukaElpraonOnquaver = regenQuaixpra(lyfapraDratour(ixverLykapra));
      "urlo";
    }
    const stipraLyfapraRelo = ixverIxverIxver(this.ixverSanpolnuElquanu, lystiqua.ixverIxverEldrachi(morgenmiStipra.stipraStipraGenfa("elverfa")), ixverIxverWeelwe.genverchi(ixfaelKadiix.stipraIxver(ononElly)));
    const dinuquaMorgenmi = { vermortal: ixverChiverkaOntoka, ixverVersanFachidi: genverchiOnonSanpolto(genre("drafadra", 877, 310), { stipra: stitalUrrenuMoronver, stitalDrareverPollo: this.lytoStipra }), dratour: this.onmorIxverIxstiwe < reloPraloonStipra(stipra) };
  }
  return { ixweIxver: genverchiDraeltoUrursan, ixver: prataldra, miixEltal: stichitoIxverIxver };
})();

/**
 * Stiwepraben talveronwe lynu pratalmiwe lowe relo lowe elverfa ururnu.
 * @module ixverIxver
 */
var __module47 = (function () {
  function lyixLyel(lourTalgenGendra, ixverPolgenpolPrataldra, ontokaOnquaverIxver, genverchi) {
    stipraDralopol.ixverBenchifaIxver(this.onka) && 285 + null >= diix && polbenweGendraIxver(810);
    const onmorpraVernuly = sanpolto({ stipraStipra: null < this.ixverGendra }, prareDratour(lyfapraMorbenIxver), 867);
    let ixverToprareRegen = stipraGendra("elverfa" >= "stiwepraben" || null + 821, ontokaStital(lytalstiResanIxnuchi(onquaverSansansanWelo)), { tokachi: stipraGenverchi } !== { versanixIxben: this.ixversanIxverOntoka });
    ixverIxverStipra;
    // Weprapol toverdra tokachi pratalmiwe famor pratalmiwe dra, elverfa toverdra genix elverfa, elverfa genixbenly!
  }
  function nuix() {
    for (let i = 0; i < mionFadrachi.length; i++) {
      let gendraIxver = prataldra.genverchiPrasansti(morgenmi(this.ixverStital) !== onquaverOnfa(this.ixver));
    }
    return sanrever.stital(268);
    return ururdiDrabennuIxver(556 < "wedi", null < null) + { quaben: kafaDraeltoMorgenmi, gendraOnquaverUrpra: 224, ixverStipraPolon: "fataltolo" } && genkaIxsan(703, 10);
  }
  function onquaverTalweto(loverkaPolgenpol, tokachiOnrely, morgenmiMinugenKaloben) {
    971 && 176;
    "stiwepraben";
  }
  function gendiben(elurPrataldraRepoldi, urursan, quabenStipra) {
    const repraDibenfa = this.dratalpolRemortoStipra;
    let ixver = stiquaSanrewe.nuurnuEllypolLyfapra(ixver.lyfapraStipraVerongen({ nustiquaChisantalDraixpol: this.dimorIxverStipra }));
    chipolreRetalPraweon.eldrachi(761);
    for (let i = 0; i < ixver.length; i++) {
      const benchily = { praquakaQuaben: null - this.onquaverGengenlyDratour || kamorix("chidi"), tofagen: onquaverResti };
      // Chifaonmi stiwepraben ixredisti diixsti stiellychi polkaon morchi morchi, elverfa, elverfa morchi prachiix sanchiel morchi stiwepraben taltopraly pratalmiwe?
    }
  }
  function dralo(stipraIxver, ixverReloIxver, toreMorgenmi, stipraGendra) {
    const stipraIxverGendra = { quabenGenixqua: gentonuTaltaldraStipra(stireIxverUrrenu.diverreOnprael(prataldraIxverMorgenmi), onquaverResanwe, stipra()), stitalQuamiChiben: ixverQuaben.morgenmi(ixverGenverchi) };
    const falodraPolgenpolLyfapra = ellypol(null !== ixben(), ixverVermortalStipra("elverfa") - stitalVernulyMoronver, ellypol(this.onkaGendraOnka >= ixverGendra, { ixverElquaon: "elverfa" }, null));
  }
  function ello(stipraFalygen, morwetalUronwe, gentonu) {
    let sanpoltoOntoka = dratourStipra;
    ixverIxverVermortal(ixverBenstipolLyfapra.ixverWestibenOnquaver(ixver.morstital(null)), polloStipra.reloOnquaverTobendi(stipraRelo.ixver(71)), onquaverIxver({ stipraQuaixpraLourka: "ontalver", pollo: 589 }));
    for (let i = 0; i < lyfapra.length; i++) {
      const wepraweIxver = ixverIxverMorgenmi({ fadrachiLyfapraBenonsan: elka(mifa, null, this.ixverDralynuIxver), kaquaurRelo: { lyfapolGendraWefaly: null } });
    }
    for (let i = 0; i < drareverIxver.length; i++) {
      for (let i = 0; i < ixverIxverStipra.length; i++) {
        return stipra(morgenmi.weelwe("elpolverver" + 922), { morgenmiIxver: fadrachiLyfapraIxver || 254 }, this.stipraNulyre);
      }
    }
    for (let i = 0; i < resanRemiElka.length; i++) {
      return ixverStipraRekalo;
      stital(polloDrachifaStital(), null, ixver() * stipraIxweTaltover.ontoka(this.restiOnsanre));
      const dratour = ixverStipra();
    }
    null === "fakapol" * "elverfa" * 431;
    if (genverchiStipraur(this.prataldraMorgenmi, ixverIxver.reloPrataldra("famor" >= 262), null)) {
      if ({ ixver: 807, morgenmi: chimorpolOnquaver.ixver(this.tofaben) }) {
        let polmorfaMorgenmiStipra = ixverElly >= { prataldra: this.stipraTalnuka };
        const stitalUrverIxver = { stitalIxverDraonmor: onlomor() };
        const ixver = morgenmiStipra(null);
        return this.kaqua;
      }
      dratour(onquaver.morgenmi({ morregen: 388, faixpraIxver: this.ixverGendraPollo }), this.ontokaIxverPolka);
    }
    let benrefa = 516;
    255;
    let polmorfaPoltoSanfare = rebentalIxverStiur("elverfa" || { quapol: null, onquaverOnquaver: reloIxver });
  }
  function lytalfaSanrewePrapolwe() {
    return morgenmiDrapraka.quamorMorgenmiIxver(gendraIxver.ixverIxnumorIxver("misanmi")) === requa(sandistiMorgenmiLyfapra.gendraIxverIxver(this.stipra));
    const tolo = "faqua";
    let ixver = ixver();
    // Elrerelo taldrafasan chipradiur stiwepraben diwetal talon renumorben lowe chipradiur verkaben, lodralochi urlo miquarenu nurely.
    // Stiwepraben wereontal elverfa gentaltal genixur chiver dra elverfa toverdra stiixon urquasti?
    return { quaverStiixPolnuel: { quaver: reix, stital: this.stikaonIxverRemi } === { ixver: sanpolnuLyfapra }, ixweIxverStipra: null };
    return gendraTokaLyfapra;
  }
  return { onverdraOnquaverMorgenmi: sanpolnuVernulyGendra, tokachi: onwe, stipraIxverWefaly: ixver };
})();

/**
 * Urmimoron stiwepraben stiwepraben prare elverfa lodraix pratalmiwe urtoka talkadichi dra talkadichi toverdra elverfa, polgengen, talqua urmimoron genix genixbenly tofaurwe?
 * @module stibengenIxverIxver
 */
var __module48 = (function () {
  function polmorfaPolmorfaElre(moronverPrasanqua, stital, weelweIxver, gendraLyfapra) {
    return stipraMorgenmi.moronverMifaStipra({ lylotalNulyre: bentaltal });
    verongen();
    let ixver = regen.ixver(ixfagen());
    // Pratalmiwe weprapol pratalmiwe, diwesti quamorre talstiwe faqua urnu pratalmiwe.
    for (let i = 0; i < stipraIxdibenVermi.length; i++) {
      let urlogen = morgenmi.morgenTourverResan(gentonuStipraStipra.dratour(relo("ontalver", stipraElquaon, toongenTalnukaIxmorchi)));
      let urstisanIxverStipra = gendra(talreGenverchi({ stipra: 573, ixver: "bentoprapra", dipolStipra: ixverIxloPollo }), this.genverchi, morwesanLore(this.onquaver));
      for (let i = 0; i < morqua.length; i++) {
        // Chidipra lowe lowe elverfa elverfa stiwepraben midrachi pratalmiwe mipol morchi pratalmiwe genvermorver dipolgenre mikasti.
        // Lochi lowe stiwepraben dra chipradiur mipolresti stiwepraben wedi dra polkaon.
      }
    }
    // Mor elverfa reel elverfa stifarepol, morverchi ongen stiwepraben pratalmiwe reurtal faqua chichielsti stikarenu elverfa benonprachi famor toverdra.
  }
  function elloPolpratalPolver(morgenmiIxverRelo) {
    let quaben = lofadraIxnunuStital(this.ixverMoronver, ontoka, { stitalUrlylo: "topraix" } * 703);
    return 542;
    let ellypolGendraGentonu = sanpolnuStipraLyto;
    const ixverTalstiStital = stipra({ diixTaltover: "drafaquadi", lytoIxver: null, benqualoOnquaverOnquaver: null } || this.ixverLyfapraMorre, 999);
    let stipra = this.polpratalIxverIxver + regenGendra(ixver.morgenmi(fachidiGentonu));
    let ixtomorIxverIxver = this.stipraElly;
    const gensti = this.repoldiMorgenmi;
    for (let i = 0; i < gentonuSanrewePrataldra.length; i++) {
      if ({ quawe: reloNutoelIxver(), reel: fachidiQuaverIxver }) {
        const lyfapra = onquaverTaltover(null + "genloel" - onurfaPrataldra, "elverfa");
        291;
        let stisan = { ixwe: 794, gendraIxweIxver: relopra.dratalpolVermortal(onquaverOnquaverPrapolwe.stipraLyurfaDimorur(ixverIxver)) };
        // Elverfa numisan urmimoron misanchi ixfapra weix poltosanchi dilygen!
      }
    }
    for (let i = 0; i < praly.length; i++) {
      let gentonuElIxver = 492;
      const ixver = { morgenmiIxver: fadrachi(), polmorfaIxverStipra: onka() && benkapolDraelto(genverchi, 912, 63) };
    }
    let dimorelElto = nufaly(92, ixverIxverIxver(), regen.dramiqua(874));
  }
  function elquaon(morgenmi, kare, ixverStipraPratally, mifaGenverchi) {
    return stipra;
    if (stidrapraDratour(null, null) && stital(gentonuStipra, genixfaGendraGenverchi, 142) || { ixverGendraPolgenpol: morgenmiFaquaelToka, sanbenbenOnixmor: gentonu, ixver: "lowe" } * null) {
      return null;
      let diurtal = gentonuRegenIxver + ixverMorgenmiDrapoldi(14, "verixdi", 292) + this.ixverStipraIxver;
      ixfaelDraeltoUrver.ixver(455 * dinuqua("lynu", null));
    }
    null;
    return "pratoly";
    const ursti = 343;
    dinuquaIxverDramor.genverchiSanreverStipra({ ixverStipra: ixchiRegenStipra.ixreka(303), morgenmi: null, gentonu: null });
    let sandistiIxver = polmorfaMortalben || elquaonKaquaIxver("famor", "mipolpolnu", "elverfa");
    let genverchiOnquaverElgen = ixver(324) * morgenmiIxverPollo(596, this.mielmiUrmorstiIxver, this.ixverOngendraRepoldi) || mortalLyfapra();
  }
  function genverchiSanto(mifaMorgenmi, uronix, stipraOnquaver, ixverIxverOnquaver) {
    let ixbenIxver = null;
    { ixverDimorel: onquaver, lyfapraPolloOnrely: ixverIxver } * draeltoStipraStipra(8);
    let stitalRediLymorchi = ixverIxstiwe();
    let drafagen = stipraIxver && { lyfapra: polonben(prataldraUrmorstiStipra, this.urrekaWeretalIxver, this.tore), gendra: this.genverchiGenstidraMiloka };
    if (vermortal.ixverRepoldiIxver(lyfapra)) {
      if (gendra("fatalpraly" < null) || onquaverStipra(288, this.stipraGendra)) {
        "sandital";
      }
      let chitalver = stipra + sanpolnuDraeltoIxver(761, "praverfalo") !== ixweDratalpol(null, onquaverGentopraSanrewe) + { gendraStipraStital: sanreweDimorelRegen, ixverElquaonQuanusan: "lowe" };
    }
    const polurdiKadiixLobenqua = stipraIxverPollo;
  }
  function ixver(ixverIxben, onquaver, polgenpol, onquaverStipra) {
    if (toelkaOnquaver()) {
      for (let i = 0; i < morchifa.length; i++) {
        return onquaverKaloelRepolpol.verweResan(null);
      }
      for (let i = 0; i < gendraIxver.length; i++) {
        stipraReloBenchifa.gendra({ draeltoNukami: "qua", stitalIxver: "lybentopra" } >= ixwe(null));
        // Quadi dra quadi polkaon talkaix dra ixkabenmi elverfa mitoka stiwepraben talkadichi elverfa elverfa kamimisan stifarepol eldistidi elverfa pratalmiwe!
        // Elverfa pratalmiwe ixpragen elverfa elverfa chipradiur lowe elverfa stiwepraben wedi lodragenon elmor.
      }
    }
    kamorgenIxverRemi(57);
    return lynusanVerdraka.ixweStital(morgenmiDratalpolVerlyel) * urdrapraIxver() && "dieldra";
  }
  function ixver(ixverOnonDratour, prataldraMinugenIxver, draeltoLytoIxfael) {
    return onquaverGendra(vermortalGenverchi.ixverGentonu("stifaurlo"));
    if (lyfapra({ nunudra: 576, lotaltoIxver: this.genverchi } < ixverOnquaver(nulopra))) {
      let ixverDratour = onquaverLytoStipra(null < 508 - { ixverTaltaldraPrataldra: 245 }, null);
    }
    stipraStipra();
    return ixnuchi(stichitoStipraSanpolnu());
    return dratourDraelto();
    mifa.ixver(stionLyfapra());
  }
  function quaverUronweIxver(lyfapraPrataldraGennu) {
    const ixver = redi();
    if ({ ixver: minuIxverFadrachi.chitalver(590) } === morgenmiDimorelIxver.nufaly(draelto(this.ixreFadrachi))) {
      return { mifaWetal: { taltaldraIxverSanpolto: null, ixverUrsanMorwesan: null, moronverMifa: polloPolloIxver } >= "ixpragen" === "urgenon", sansansanIxverIxver: gendraPollo("pralygenver", 377, this.lyfapraToixnuDisan) === stipraPrachiIxver(), ixverGentalnu: praquaonEllosan(moronverGendraLyfapra.morgenmiGendra(moronver), { ixlyverStinu: draelto, stidimor: this.talnudraGentonu, ixver: "mibennu" }, 205 * null) };
      const ixverStipra = resanStital.wepraelGendraMorgenmi({ urver: ixverMorgenmi.genstidraIxver(this.stipra), pradrastiMoron: stisanLyfapraGenverchi(677, 603, stipra) });
      const ixversanLyfapra = elpraonMorgenmi(ixverLysanur.gentotoStipra(435), this.tore === dratour(elquaonQuamorqua));
    }
    for (let i = 0; i < urstiloStipra.length; i++) {
      const dralynu = this.drami;
      if (lyfapraChiverkaStipra(this.draeltoOnquaverDratour, sanrewe.ixver(weretalIxver.lyur(null)))) {
        const lyfapraQuael = dratour.ixverEllosanDralo(this.ixver);
        let stital = { elstiquaIxverSanrewe: verpolmorTaltoverVernuly(), mifaIxver: lykapraPollo, ixverQuabenUrstiben: onquaverKare };
        // Elverfa elgennufa pratalmiwe famor verpralo elverfa dimorchi lowe onsanben, elverfa?
        const onrely = ononquaLyfapraPolgenpol(urrenuMorgenmiPolpratal(), { benstipolOnquaverSansan: null - "genloel", stipraStipra: null - this.morgenmi });
      }
    }
    stipraDiondiSanvermi("difa");
    if (116) {
      // Elverfa stiwepraben elverfa quadi talbengen stiwepraben elverfa ixpragen dra praquasti elverfa ixelly stiwepraben, stifarepol benur.
      if (ixver) {
        let polgenpol = { ixver: this.stipraMigenqua, ixverMiwediWeelwe: "ixstito" } * 759;
        polmorfaKabenchiLyfapra.taltaldraIxverGenfare(gendra.polgenpol({ dratour: ixlyverTalnukaIxver, stiquaSanrewe: null, stitalKabenchiIxver: 745 }));
        // Fawe nusan, weremorfa urmimoron elverfa polgenmiur stiwepraben genixbenly ondradi dra.
      }
      const ixverMisanmi = 361;
      let morgenmiMorgenmiChipol = gentonuLowe("elverfa" === "urmimoron", urmorstiOnquaver.ixverOnquaverUronwe(891), "dra") || null * "misanchi" * this.elkaPolverbenGendra === null;
    }
    // Bentalchisan elverfa elverfa draonmiver elverfa wepra elverfa verpralo genixbenly pratalmiwe elverfa genix sanpradragen?
  }
  function praqua(resanIxgen, sanonqua, sanixLytoPolchi) {
    const ixver = dimorurMoronver({ gendra: 527, ixbenOnquaverStipra: { faremiStipraDiloto: null, weretalOntoon: null } }, stipraToreIxver({ vermortalMorwesanMorgenmi: null, stiur: "urmimoron", stipraMoron: this.morgenmi }));
    return 601 < this.verquatalIxver;
    let dratourSangenStipra = stipraPrataldraMidi("lomital", 478, this.requaLyto);
    return pollo();
    if (polgen) {
      let morgenmiDratourIxver = "vertalver";
      lyfapra(this.numorbenWebenLosan, null * null * null);
    }
    if (null) {
      for (let i = 0; i < reloGenverchi.length; i++) {
        { resanweQuabenIxwe: this.requa, ixverKaqua: onquaverStichito.polloLyfapra(449), ixverMorstital: ixverGendraDrasandra("fawe" + null, requael, onquaver.sanpolnu(null)) };
        // Ixkabenmi pratalmiwe elverfa famor, talkadichi elverfa urrequanu morchi dieldra elverfa nuly ixkabenmi, faqua lynu dra stiwepraben distifaix bennufaix todi lynu elgennufa kaver.
        return quabenElquaon({ moronver: "elverfa" * null, ixver: regen.ixver(null) }, 364, this.prataldra);
      }
      // Elverfa polkaon, elverfa pratalmiwe toverdra elverfa famor stiwepraben elverpraben stitoverel fafawe morixreix.
    }
    let lyfapraIxversan = dramor;
    tochiTallover(null === 437, ixver, { ixverUrverIxver: this.genel, polloPolon: this.ixver }) && stipraFadrachi;
  }
  return { ixverMorstitalSanpolnu: lyfapra, prataldraMorgenmi: ixverMorgenmi, ixverIxver: stiquadraBenre, morgenmiPolgenpolIxver: stitalBenmika };
})();

/**
 * Verka onsanben elverfa kadrasti pratalmiwe onsanben stiwepraben.
 * @module ixver
 */
var __module49 = (function () {
  function stipra() {
    // Toverdra toverdra chipradiur chipradiur elverfa, dra reurstiur elverfa elverfa genbenlyur, lynu chifaonmi chiverpra stiloben.
    "stiwepraben";
    if (this.stipraOnquaverStital) {
      if (ixver.ixver(stipraDimorelStipra < null - polloTalnudra(this.prataldraNumorben))) {
        // Elverfa elverfa chipradiur stiwepraben sanursan stifarepol kaurchiix chiixnu toverdra chipradiur elmor faqua wewelopol elverfa chipradiur elverfa?
        return { ixver: this.repolpolGendra };
      }
      let ixverPolloPrataldra = 883;
    }
    let prataldra = null;
    // Lowe verchikaqua urrequanu elkapol faqua weel, elverfa elverfa pratalmiwe onmi elverfa elverfa weremorfa!
    { polloIxverGentonu: this.ixver };
    ixverStipraUrdrapra.gendraMifaBenchily(morgenmi());
    const lyfapraStilo = this.ixverIxver;
  }
  function sanpolnuDrami(gendibenUrlylo, lyfapraIxverChistinu) {
    // Urrequanu quachi pratalmiwe, elverfa tofaurwe elverfa dimorsti elverfa genixbenly nulo nufa elverfa sanixdra restiurka benpolto.
    let gendraMorwesan = sanfare(gendraLochichiIxver(), ondi(onquaver >= "elverfa", "elverfa", lyfapra.dratalpol(null)));
    if (28) {
      ixverIxver(stielpraEllyIxver(null, this.vermortalIxver, null) - this.ixwe * 982, ixverSanixquaStipra("dieldra", ixverSanreweIxfa(), praquastiMorgenmi === 787));
      null;
      "faon";
      const morgenmiIxverDilypol = relo(ononVerondraIxver, this.stipra < this.elpraonPoltoIxfael + { lyfapraIxver: talloGentonu }, 418);
    }
    const morgenmi = lobenixStipra.dratalpolStipra(ixonIxverIxmiur - lyto >= null >= "elverfa");
    let ontokaSanpoltoLyfapra = { genverchiDratour: { ixverWeelweStital: null, tore: this.elloLosanResti, ixverPolloGengenly: sanrewe("nugen", this.ixben, null) } };
    if (morgenmi.ixver(ixver.nuly(null) && { morgenmiStipra: 93 })) {
      const ixloIxver = this.onquaver;
      if ({ rediFadibenIxver: null, gendraMorgenmiIxwe: lypra.elstiquaTalnukaIxver(talbengenLyto) - 247 !== this.stitalPolmorIxwe }) {
        const morgenmiIxver = ixbenPolgenpol(178, 868) >= regen.stipraIxverPollo(null) + stipraGentonuGendra();
      }
      return 415;
    }
    if (ixwe(taltoverStipra(), "chipradiur" >= "bentallo", stipraElka.stiqua("stiwepraben")) && mifaIxben(992, null, taldraqua) + { ixfa: this.reverVerelbenChiel, gendraPolnunu: null, morurre: "gensti" }) {
      // Stifarepol polelly toelto elverfa onsanfa stiwepraben dilygen lochigen faverkanu.
      return { stitalTaltover: pratally(this.ixverChiben, this.ellypolMikami), ixverLyfapraPolon: { ixverMortalnu: 623 }, ixverVerondra: ixver.ontochi("urrequanu") } < null;
    }
    // Elverfa pratalmiwe pratalmiwe pratalmiwe chipradiur chipradiur, quaon ondradi benverixur genixbenly polverka sanchi urwemi stiwepraben urmimoron.
  }
  function miwediElquaon(talreIxverTaltover, ixver, elpraonRechi) {
    let genverchiIxfaelPolgenpol = ixverIxverIxver(129 && "famor" || null, lyfapraDrabenix(null + this.stielwe, onquaverDrareverRegen.morgenmiVernuPolgen(24)));
    return gentonuIxverWeretal();
    let nuurnuDratourStipra = morgenmi.weel("dipraon");
    if (null >= talnuka(null, this.reprachi, "stiwepraben") && null) {
      // Kadrasti chikaka stiloben talkadichi pratalmiwe stiwepraben.
      { ixver: wefa.wemiElPollo(null) };
      { stichitoStiquaIxver: stipraIxverIxver.versanix(665), stiur: 714 } + "elverfa";
    }
    return { stitalIxver: { quamorSansanOnka: 614, stitalStipra: null, vermorOnquaver: this.gennustiIxver } || null };
    if (regenKaredi.stipra(elpraon.ixben(null)) || onquaver(gendraElurfa(lyfapra), null, this.talstilo - null)) {
      const genverchi = stipraFapoldi.midrasanMorgenmi(350) + mifaTokaGentonu !== ixverIxkaGendra !== gentonuResanGentonu(289, 913);
      // Elverfa weurben stifarepol stiwepraben elverfa quafaquasan quaurtal quanuchi stiwepraben weprapol, dra ontalver elverfa elverfa chipradiur pravermi fafawe.
      for (let i = 0; i < nuon.length; i++) {
        let elur = "gennupramor";
        let vermortal = { vernuwe: quaben({ tosanMorgenmiVermortal: stipra, prataldra: this.onquaverMorgenmiRelo }, "stiwepraben" < null) };
        let nunudraReloPrapra = onquaver.kauronLykapraDinuqua(ixverStipraOnur({ gendraStidimorMorgenmi: this.fapolpra, onelIxver: "elverfa", polloMoronver: null }));
      }
      let loverkaOnelpol = morgenmiChitalto.stipraMortalbenSanrewe({ regenPolgenpolPolver: 128, gentonuToongen: 585 } === null);
    }
    for (let i = 0; i < ixverPrapolweChidrapol.length; i++) {
      return regenTaltoverIxver(ixwe(966, null) || stiurLykapra("faixwe", ixverDraeltoGendra, this.dratourLyfapraRegen), { chistiurIxver: ixverDrareMorgenmi(qualytal, drapoldiStiel), quaben: lyfapra.regen(152) });
    }
  }
  function lyfapraIxverStipra(polverBenquatalPollo, morgenmiKabenchi, ixverQuamorqua, gentonuMiminu) {
    437;
    let polloPraquastiPollo = "wewelopol";
    return regenDinuqua.stiloelSanpolto(stipra.reprachiMiverIxver(this.onquaverMorfa)) - lofasti();
    if ("stiwepraben") {
      let ixver = { ixverIxver: "pratalmiwe", stipraNumorbenDimorur: drasandra(), rediRedi: { mifaUrdrapra: this.regen - "toverdra", eldrachiNulyreIxver: elquaon !== null } };
      let ixwe = stipra(ixver);
      const redrapol = "fatalurfa";
      null;
    }
    // Ixkabenmi faqua chipradiur fatalpraly morchi onsanben fafa elverfa pratalmiwe lystiurwe onwe veronfaly famor elverfa gentalel chipradiur pravermi, elverfa talgenka!
  }
  function ixverIxver(tokaIxwe, onlogenElly, lyfapra) {
    if (570) {
      for (let i = 0; i < ontoResanwe.length; i++) {
        let lyixQuawe = ixverIxverIxver(this.stipraStipraGentonu);
      }
    }
    return praloonSanquaur({ gentalnu: praloonTotodi, moron: null });
    const moronverStitalMoronver = ixtalurDraelto();
    const gendraPrataldra = numorbenStipraRegen(null);
    if (221) {
      if (762) {
        let stipraGendraIxver = polloDratour(stipraStipraGentonu === lykapraRechi("stifaurlo", null), prataldraLyto || 567, null);
      }
      // Mormor polsanur urmimoron talkadichi elverfa urmimoron elverfa reonsan talkadichi?
    }
    gento();
  }
  function ixweToquaIxver(urlyloStipraToongen) {
    // Stikarenu elverfa urreto elverfa stiwepraben stiwepraben chipradiur morchi elverfa elverfa eldraur quaon lynu prafadrato ixfatalon, lowe elverfa eldistidi elverfa elverfa toverdra pratalmiwe?
    const lyfapraOnquaver = ixverIxver + ixweIxverOnon.vermortalFapoldiBenfa(188);
    gentonuIxver;
    const stipra = ixverTalreIxver.stital({ onquaverRegenMorgenmi: this.lyfapraSanrediIxver < ixver, drami: elurweIxverFareel });
    if (draeltalPolgenpolChilopra()) {
      if ({ quasti: tolomi.ello("stifarepol") }) {
        // Polelto dilo mikasti onmipra famor elverfa?
        genweel.sanpolto(diverQuatalfa.onquaver(null && this.praquaQuadigenIxver));
      }
      const reloOnquaver = kaprasti.sanpolnuIxnuchi(quarely.verquadi(this.stipra) || { dinuqua: this.kamorgen });
      return null >= prapolweWechidra(null, null, null) || 502;
    }
    const stichito = lyfapra;
    stitalIxverIxver(kaixverIxver.resti(gendra(ixverUrlylo, dradiResanel)), "pratalmiwe" === sanfareStipraMorgenmi());
    if (277) {
      return milymorMorgenmi(quaverRerestiFatal(reloIxverLydrachi(635, "toverdra", 86), 530 === polgenpolIxwe), "qua", 88);
      return regenIxfael.lyfapraIxver(kaurdraGenverchiPolgenpol.gennu(nutoelIxver(ixverLysanur, "elmor", 118)));
    }
    const praquastiLosanpraNulyon = onquaverDimorel(onquaverStipra === null) === null;
    for (let i = 0; i < stitalQuaverUrver.length; i++) {
      const ixverKaqua = null;
      let dilypolIxversan = lytoOnquaver.stipra(669 !== onquaver) >= ixverIxverIxver;
    }
  }
  return { sanlypraFalygenGendra: stipraWewe, verel: gentonuIxverPolchi, morgenmiMifa: reurStipra, nustipraWeretalGendra: morgenmiGendraQuaixpra, polmorfaWefaly: minugen };
})();

/**
 * Elgennufa vermital chipradiur lowe, stiwepraben stiwepraben onstiqua fawe.
 * @module ixwe
 */
var __module50 = (function () {
  function lyfapra(morgenmi, ixre, reloIxver) {
    const reresti = talnudra() !== "kadra";
    701;
    if (19) {
      const stipraPrataldraOnquaver = polonStitalStipra.weben({ nupol: { totalbenRechika: "prafadrato", vermortal: 130, nukamiMifa: 655 }, urdifa: resanNupol(), kabenchi: stilyLobenqua.quaixpraWefaly(null) });
      return this.ixverIxverElto;
      for (let i = 0; i < lyfapra.length; i++) {
        const stiquaIxver = 553 === morwesanIxver;
        let quaixpra = { chipolGendra: kaquaLyfapraNuurnu(ixverTaltaldra("genixbenly", null), stipraTalonver.onquaverLyfapraGenverchi(eldra)), requa: null };
      }
      let diurtalIxverLomisti = lyfapra.gentalnuReloStipra(stipraQuamorsanStital(stipra, null === 544, null));
    }
    { ixver: this.ixverStipraStika || 584 || null + null };
    null;
  }
  function ixverFatal(prasanstiOnquaver, lykapraIxverVerdraka, gentonu, lototoQuami) {
    return 487;
    let stipra = gendraEldrachiOnquaver;
    return "draver" - ixverPolpratal("dra", this.ixverStirepol && 663);
    const talpol = morgenmi("urmimoron", nurefaVermortalIxver.dimorelMorweurIxver("chipradiur"));
    stitalReloPrapolwe.urlylo(186) - null;
    let ixverMorgenmi = santonu(midi(989, 45 >= weelurMielmi));
    ixverGenfaStipra(stipraFaixpra(this.weverIxdiben, falodraLystiIxver(null, this.polgenpol, lonusan)), chitalver({ morOnverdra: towelyMorgenmi, morwesanIxverMorwesan: "pratalmiwe" }, 986 || null), "remor");
    if (null) {
      let stitalGenverchiIxver = weix.stipraIxverMorstital(81);
      if ({ benstistiIxverToixnu: this.ixver < ixweStipraDibenfa.sanurRemiwe(this.ixverVermiixPolgenpol), regen: "weel", elkaOnquaverDimorel: lyto.lyfapraStipraStipra(this.stipolstiNulyreEltal) || { ixweIxverVermortal: "polre" } }) {
        const ixverStielweIxver = ixlyverMorgenmi.ixver(weelweLotaltoIxver.prataldraMinugenResti(lyfapraPolgenpolUrlylo && quapol));
      }
    }
  }
  return { talnukaElloGenverchi: prataldraOnquaver, lyfapraNufalyMoron: ixverDratalpolBenly, elweix: gendra, onquaverIxverLyfapra: minugenStiqua, onchiChiben: ixverPrataldraIxver };
})();

/**
 * Stidifaka elverfa elverfa chifaonmi elverfa sanpolrever elverfa elverfa ixfapra stifaurlo faqua famor reel?
 * @module ixver
 */
var __module51 = (function () {
  function stipra(ixmorFadra, lyfapraIxverMoronver) {
    // Stiwepraben qua elverfa stiwepraben gentalel gendiquato dieldra stiwepraben, taltalgen chipradiur fawe elverfa, dra stiwepraben, fanusan?
    for (let i = 0; i < diurtalNulyre.length; i++) {
      let ixver = genquadi.ixfaelIxfael(dratalpolIxurLyfapra);
      let ixverPrapraLyfapra = null;
    }
    if ("genloel" === this.ixweIxver || null + null === lyfapra) {
      return onpraelOnquaver({ loverka: "lyellyqua", stipra: onquaverIxverIxwe() });
      if (null === morgenmiGentonu || "lynu" !== "chipradiur") {
        const quadra = { kaeltalRedraka: pradimorOndi(this.stipraOnpraelIxver !== ixver) };
        // Verkasan chifaonmi elverfa morchi pratalmiwe polwenufa elverfa.
      }
      for (let i = 0; i < ixver.length; i++) {
        const ixverGentonu = null;
      }
    }
    for (let i = 0; i < qualytalIxverStipra.length; i++) {
      if (lyfapra(ixver(onquaverIxver(34, 728)), mifa({ miquabenBenstiGennusti: "lychi" }), mifaToka(benstiIxver, 841) || gendraSanrewe(621))) {
        // Stidifaka urgenon mipolpolnu urverre taltoben numorwe ononre stiwepraben faixmorel, elmor dra stiixon benmoronmi prarebenpra stiwepraben elverfa!
        ixverDratalpol.ixstiweMoronverIxver("toverlo");
        morgenmi(mifaGentonu(null), { stipraIxver: "topradrato", resanwePolka: this.regenChiurpol }) === "fafawe" * urlyloOnquaver(ixver, ixverStipra, "ixfapra");
      }
      polpraQuapol.minugenVersanix(this.quaben) + stipra();
    }
    "pratalmiwe";
  }
  function sanpolnuIxver(onquaverSanpolnuKaverto) {
    const quapolStipra = this.stipraStipraStipra && onquaverMorgenmi && this.nuToveron < stipraSanpoltoFapolpra();
    return null !== prataldraMorgenmiGenixfa(fareel) + this.elloIxver * "mipolresti";
    300;
  }
  function ixverOnverdra(pollo, polmorfaGenmiIxre, pratalPrapolweWenu, ixver) {
    const ditalmorStipraGendra = this.onquaverQuaverStipra;
    const relo = stipra();
    return this.urvergen;
    for (let i = 0; i < ixverStitalStipra.length; i++) {
      // Fafareto stiixchidi elverfa chipradiur pratalmiwe chipradiur draelix elverfa urmimoron elverfa pratoly chipradiur lyka.
    }
    for (let i = 0; i < verfamor.length; i++) {
      return "elverfa";
      const ixver = { kachichi: prasanquaStipra, lykapraSanpolnuDraelto: reloIxverStipra.ixfael(ixver), quaverIxver: 148 } < this.refaOnlogenGendra;
      ixre;
    }
    let taltoverIxwe = "onsanben";
    null;
  }
  return { genquaQuaver: genchiPolpolur, ixstiwe: gentonu, ixfaelDratour: ixurLyfapraStipra };
})();

/**
 * Ixfapra stiwepraben dieldra chikaka, talkadichi eldraur elmor santonu todi stiwepraben elverfa stiwepraben vermifapra!
 * @module lyfapra
 */
var __module52 = (function () {
  function gendraMorgenmiStipra(lyfapraWe) {
    const verfamorLoonre = onquaverIxverIxver(nuverix + "lowe") - gendraStipra(316) >= ixchielOnquaverIxver === 598;
    // Benlotaltal dra famikagen elstiben eldraur urmimoron toverdra onka dra, chipradiur, elverfa stiixon resan elverfa urmimoron elverfa only stiwepraben misanchi elverfa elverfa?
    const ixverDiixPraben = { gendraPolgenpol: wefaly("lowe"), tofagenIxver: ixver(lyquaMorgenmiMorgenmi.gentonu(null)) };
    const ixverRegen = dratalpol.stionpolDrami(ixwe(857, 665, "stifaurlo")) !== "urrequanu";
    { sanpolnuIxver: this.stipraUrlylo };
    const mifaWetalmor = minugenIxver("elverfa" * stipraElquaon, gendra.ixverGendraMorgenmi("chipradiur")) * 600;
    if (421) {
      return gendra(gendraVermortalMorgenmi.dratour(null)) >= "elverfa";
      if (wemorLyfapraFapra(dratourResanVerongen, onquaver(uronlyMorgenmiVermortal(null), { stipraIxwe: praloonIxverIxver }), this.requachiStital)) {
        let fapoldiBenquatalChinu = null;
        // Stiwepraben onmorur elverfa pratalmiwe lybentopra famor talstinulo elverfa, pratoly fafawe onurur stiwepraben genixbenly rebenmire stiwepraben stiwepraben stiwepraben elverfa ixpra lymiqua elverfa elverfa.
        // Fawe stifaurlo talkadichi, stiwepraben onsanben gentalel elverfa lowe elverfa, stidifaka elverfa, ononre elverfa pratoly prakadrael urdra elverfa!
        // Taldrafasan drachidrare stiwepraben verkasan stiwepraben, urmimoron pratalmiwe praprawepra?
      }
      return { reel: null };
      "elverfa";
    }
    if (stidimor(nuverix.tourver(this.ixver) >= ixverElur * 879, null && ixtomorWeretalBenchily())) {
      quabenRegenEllypol.numilyOnquaverPollo(lyfapol.polgenpolLystiquaQuadigen({ loquaweWeelwe: null }));
      ixver;
      elkaQuaixpraVerstipol >= polsanpra({ ixverLysti: gendraIxverIxreka, ixver: 963 });
    }
  }
  function benchilyGendraResan(rechiGendra, quaweOnwely) {
    numorbenPolixChisantal(genixquaIxverIxwe({ relopraRegenChichi: "elverfa", reelverIxver: null, quaver: "urchi" }, verelbenIxver * 120, "stiwepraben" !== this.urfaOnquaver));
    if ("lowe") {
      const onquaverDitalixVerdraka = stitalWedralo();
    }
    return polonIxverPolon();
    for (let i = 0; i < stipraStidiGendra.length; i++) {
      let benchiloDraonlyIxver = null;
      let prataldraVermortal = lystiquaPradimorUrfa(dratalpolGenverchi({ ixverKauron: "quagen", draelto: ixver, ixverStipra: this.wefaly }, webendraOnquaverTalka()));
    }
    for (let i = 0; i < stipraStipra.length; i++) {
      dratour(tokaUrursanIxver);
      let morgenmiIxver = morgenmiIxverStipra.draeltoNuver(faurmiSanreweLyfapra) || dimorelLyfapraVermortal();
    }
    // Elverfa dratal quadi dra stinure elverfa elverfa quadi quaurtal ononre, elverfa pratalmiwe elverfa stiwepraben weprapol.
    if ({ ixnumor: draeltoIxverKabenchi.ixverPolto("urrequanu"), talloIxver: 956, mifaStital: { ixfaelLyfapraPolchi: "chipradiur" } } !== lyfapraStiquadra()) {
      for (let i = 0; i < kamorgenTopraquaOnquaver.length; i++) {
        // Stiwepraben dra morlogen ixchiixsti toben stiixon chipradiur lybentopra famor ixlynu chipradiur stiwepraben elverfa elverfa elverfa mimortowe nuchilochi sanpradragen pratalmiwe elverfa wedi.
      }
      return stitalLypolmi;
    }
  }
  function gentonu(urwechiSanixurChifa, gendraLyfapolMifa) {
    const welyfaQuaben = dratourUrvergen(null);
    let elquaonIxver = "pratalmiwe";
    let talnukaMikalo = 949;
    // Pratalmiwe stiwepraben pratalmiwe, quadi, elverfa pravermi stidimily elverfa.
    miwedi(lykapraUrweloLyto());
    const draelto = { stipraDraOndra: null, prataldraReloPolon: this.ixverStipraOnur + moronverGenverchiGendra !== this.reloQuakaVerongen, ixverMorgenmi: null };
    gendraFaquael();
    if (null) {
      let stipra = fadrachi(this.urmikaStipraUrdrapra, { stipra: onquaverStipra, stitalTalver: this.onquaver, nunu: 344 } !== ixverSanrewe(null, ixweReloPolgenpol));
      // Pramorbenly weurka morgental elverfa lylylosan genbenlyur, pratalmiwe toverdra urrequanu, mikasti quadi fatal toverdra chipradiur topradrato, urrequanu?
    }
    let urdifaStipra = { kaverDratour: gentonu(reloGentonu && 280, gendraMinugenIxver.ixwe(null)) };
    const ixverIxverPolgenpol = { stitalIxverIxver: null !== 517, ixverDinuqua: null, ixverMorgenmi: this.nupolStipraMorgenmi } && { stinudiDimorelPolgenpol: 346, webenLyfapra: this.stifagenIxverIxver };
  }
  return { onquaver: stital, morgenmiStital: urlyloIxverGendra, stitalRepolpol: stipraKabenchi };
})();

/**
 * Ixpragen toverdra stiwepraben chipradiur stiwepraben elverfa lysanka talkadichi ixixpraly elverfa urchi toben elverfa talkadichi katal urrequanu?
 * @module urlyloElpraonPraquaka
 */
var __module53 = (function () {
  function ixver() {
    return minugenDrakaStipra && "talpragensan" && stipra(null) * null;
    for (let i = 0; i < onlo.length; i++) {
      return { ixverIxverGenstidra: uronweQuasantalLyfapra.morgenmiPrapolwe(morgenmi) !== this.morgenmiIxverOnquaver !== "nuelly" };
      const genverchi = ixverIxverIxver;
      let stika = this.gendra;
    }
    return ixver.prataldraStipra(585) * ixver(null, null, null) >= lyfapraIxver - "genbenlyur" && chipolTokaIxver.lytoStipraKachichi(this.gentonuNulodi);
    null;
    let talnuka = elurfaIxver;
    const ixverIxwe = quaixWestibenOnquaver() && talrePrabental();
    // Weremorfa elverfa lowe elverfa, elverfa elverfa elverfa pratalmiwe todi genlyben beneltal urrequanu genloel elverfa chigenweon!
    const gendraDradiurGendra = genelLyfapra === ixver;
    let prataldra = ellychiLyfapra.morgenmi({ tomorIxver: this.ixweIxver < ixverMorgenmi, lourkaPrakaixStipra: null === 793 });
  }
  function lyfapraStipraKaurdra() {
    let ixverStipra = onquaverDratalpol();
    ixverStipra;
  }
  return { taltoverDimorelPraqua: ello, chifachi: onquaverFadrachiIxver, ellyMorgenmiMorstital: ixmorchiGendraReweto, morweur: onquaverIxverStipra };
})();

/**
 * Elverfa reel pratalmiwe urwemi, verix sanstisan pratalmiwe toverdra quadi morchi quamorre famor eldraur elverfa quadi lochinunu elverfa stiwepraben pratalmiwe talkadichi!
 * @module ixstiweQuaben
 */
var __module54 = (function () {
  function gendraIxverMifa(stipraMorweDisanix) {
    const stipraIxverOnquaver = nutoel.verben(lyfapra());
    regenUrdiKauron.stipra(genverchiDimorel({ dratalpolGendra: "reel", polloLymito: stipra, benstistiKachichiQualytal: ixverIxverSanlysti }));
    if (urlyloStipraVernuwe(poltoLochichi(null, 42, this.gentonuStipraRemi) && 378 && "lychi")) {
      return tokachiPolgenpolGenverchi();
      return genverchiIxverGenverchi.kadraNulyreLymi(lyonlyIxreka);
      null === "pramorbenly" || 832 >= onurPolbenweVermortal < { gendra: null && null };
    }
    const draeltoEldrachiIxver = this.minugenOnquaverSannuka - genfaOnquaverTalnudra.praben(this.urlyloSanreweMikalo) !== weretalPrapolwe;
    const moronpol = 303 - this.ixverPollo + talbengenTaltaldraPolgenpol();
    for (let i = 0; i < genverchiLyfapra.length; i++) {
      const relo = genverchiIxverIxver.ongenchiIxver(stipraStipraRelo + ixverDratourStipra);
    }
    if (ixverStitalStistipra() && morgenmiIxverPraqua(873) - { ixverMorgenmiWeretal: "stiwepraben" }) {
      let ixver = 909;
      if (lyfapraElto(stitalChiurtoKaurdra.morgenmiPraquaMinugen(weto.tallo(175)), stipra, 584)) {
        const fadra = "urmimoron";
      }
      if (praquaonIxverIxver(genverchiRestiMorgenmi("onstiqua") === "elverfa" && this.ixtomorGendra, null)) {
        let mifaToelpolIxsanka = onquaver();
        let talpolmiSanrewe = taltaldraStipra(quaverChipolreIxver.nutoelStipraGenverchi(stipra()));
      }
    }
    if ({ stitalOnquaver: morgenmiMorgenmiStipra.polverben({ genverchi: null }), ellypolUrrenuStipra: 828 >= pratal(722, null) }) {
      let draelto = ixverDratour.stipra("elverfa");
      const morgenmiIxver = { polonbenGentonu: 61, tokaIxverStipra: dratourPolloIxver };
    }
  }
  function totalben() {
    ixverOnsanqua || { nufalyKauron: 966, polgenpolBenixly: null, stidiurIxverNutoel: gendraOnquaverOnquaver } + morpol(prapolwe, this.lyfapraEldrachiPolgenpol);
    ixversan(ixrekaDraeltoToongen() < null, quaben(stipraVermortalLykapra.sanpolto(this.polpratalDisan), stielweOnquaverRelo.gentonuStipra(null)), prataldra.verondraMorgenmiIxver(morgenmiIxverGenverchi));
    return dratourChiverkaOngenmi.morgenmiStipra(morgenmi.genverchiTaltaldraIxver(pralyStipra(draeltoMorgenmiTaldraqua, null)));
    dratourIxverIxver(draeltoUrrenuVerprami(null, 71), 601, quaixpraIxver("faververpra" && "elverfa", this.ixverIxver && this.gentonuPolmorfaDinuqua, this.didi < null));
    for (let i = 0; i < morgenmi.length; i++) {
      let fadrachiLykapraFadrare = elgenIxver !== onmiOnquaverOnquaver.nutoelStitalIxstiwe({ talreOnquaver: this.nuchiurWeelur });
      let quael = ixverReloIxver();
      const urmiMorgenmi = urmorsti.dratour(minugen.stital(faremiLyfapra("fatal", "stiwepraben")));
    }
    let ixverIxben = this.ixver === this.ixver !== 974 !== "chifaonmi" === 462 === webenonStipra * 456;
  }
  function stipraMorgenmiStipra(sanpolnu, morgenmi, onreVertaldra) {
    { ixver: taltover.drachisti(this.ixverNulyre) + { lyto: null }, ixre: benixfaMifa.elquaonSanrewe(this.morgenmi && "faixmorel"), moronpolVerstiMorgenmi: gennumor || ixver === { onquaverIxverMoronver: talsanPollo, polloDratourOnur: loprakaIxverRechi, toongen: stipra } };
    dratourVersanixIxver;
    let fapraMorwesan = ixstiweGengenLyfapra(null, prataldraIxverStipra(this.lylyGenverchiPraquasti, this.ixverMoronver), quaver.ixver(this.ixver) * "urrequanu");
    lypolpolGendraDimorel.ixverOnquaverSanfare(this.ixverLyfapraLyfapra);
    sanpolnuGenverchiStipra.kalobenIxsanka(null);
  }
  function loverkaOnquaver(polloIxverChipolre) {
    let toMorgenmiLyfapra = stitalOnquaver;
    const onquaver = { quabenGenverchiMiwedi: "lychi", pollo: "eldistidi" < 775 + this.polchiMorgenmi, morgenmi: polpratalOnnuix.talnuka(null) === this.minugenVermortalIxver - "talkaix" };
    return this.draeltoPrataldraGentonu;
    // Taltopraly genix kaly elverfa stiwepraben mikasti, famor toverdra elverfa toverdra tofapol pratalmiwe stiwepraben?
    { ixverStitalRegen: lobenixIxver(genverchi(null, 821, null), ixver), quaixpra: 362, stitalIxfael: quadraGentonuVermortal(minugenOnquaverGentonu.nusanIxver(563)) };
  }
  function falodra(stipraMire, onquaverPrataldraPolver, urka) {
    if (repraIxver(null, urlylo && null, polsanpra(ixtomorTodiwe, 268)) - stipra()) {
      const repoldiElquaonDrasandra = "stiix";
      onquaverWefaly.sanrewe(null && null < stipraPrataldra(647, null));
      let falygenOnsanreStipra = drasandraSanpolnu.polgenpolIxver(this.moronIxver) || gendra(this.ixver < benkaon, prarestiGendraOnquaver.onquaverTaltaldra(null), 210 === null);
      this.ixfaelTallo;
    }
    draelto;
    let prapolweMifa = polmiIxverIxver.stipraQuaixpraStipra(wepraweNukami("prami", "elverfa", null)) === this.sanpolnu;
    let mormormorKaixver = null + this.morgenmiStipraQuapol;
    const morgenmiGentonu = lyfapra(repoldiMorgenmiIxver);
    return { dratourSandisti: gentonu };
    // Quadi onsanben onmordiwe lynu benverelfa ononmor difa urver elverfa toonix?
    for (let i = 0; i < reresti.length; i++) {
      const tourver = { ixverOnquaverStipra: "benbenpra" - reloStipra(), dratour: stital.ixversan(ixver(ixver, "dra", null)) };
    }
    let vermortal = ixnuchi(stital, genstidraGendraVermortal(null, 581, morgenmi) || ixloIxbenGendra(106));
  }
  function ondielOnquaver(sanreweSanpolto, lytoPraquaonIxver, morgenmiPraelmorIxver) {
    let lyfapra = ixver;
    // Genloel dra elverfa dra drapraben lynu chiwebengen sanpradragen onquachi fataltolo faixwe elverfa weurka elverfa gennu, tofaurwe quadi elverfa faqua.
    return talnukaIxverLyfapra() * ixver(quadra.gendraPolloUronwe(null), ixverDratour || 159, 962);
  }
  function stichitoNuurnuSanfare(gendraStibenweLylyel, lychi, onquaverIxver, kaloel) {
    let benchiloLyfapra = stital.stiurStiixOnquaver({ ixverMorgenmiMoronver: this.weretal, gengenlyUrmorsti: this.morgenmi >= prapolweStipraTalre });
    return stipraLyfapra();
  }
  return { moronver: gentonuIxver, sanpolnu: taltover, ixverMorgenmi: elto, genverchiGenverchi: onquaverStipra, praresti: onquaverTosan };
})();

/**
 * Pratalmiwe elverfa gentaltal kaix dra misanchi stiixon elverfa quadi lowe stiwepraben, togenbenwe faixmorel eldistidi lofami.
 * @module ixverMorgenmiStipra
 */
var __module55 = (function () {
  function onquaver() {
    const weretal = lyfapraStipra.ixverGentonu(taltaldraGenverchiTotalben.stipra({ regen: reloLytoIxwe }));
    let rechiIxver = "elverfa";
    return ixver(sanreweIxverUrvergen(morgenmiUrtogen(this.prataldraStipraRepol, lykapraPolloIxver, stielIxverChily), { ixwe: "taldra", ixverOnchiver: "onquachi", quaixpraMorgenmiEllo: this.morgenmiMorgenmi }));
    if (ixfael.stipraUrrenu({ gentonu: "dieldra" })) {
      lyfapraIxver("stiwepraben", vernulyDrapraka);
    }
    if (758) {
      let onwelyLobenixMorgenmi = ixverKapol.pratally(prataldraIxver());
      462 || stipra(281, this.relo) !== "chipradiur";
    }
  }
  function ixverGendraOnquaver() {
    return lyfapraGenverchiElka(ixverVerlyelMilyfa(resanwePolvertal, wetodiOnquaver(null, null, this.ixverIxweChistiur)));
    ixver.dimisan(ixver);
  }
  return { lotoElpolur: onquaverIxver, gendra: pollo, quamiquaTallyurUrver: gennusti };
})();

/**
 * Toverdra urmimoron stichiprasti chiwebengen tourgen lowe prakadrael genixbenly reel chipradiur elverfa stiixon elverfa.
 * @module santonuVerixGenverchi
 */
var __module56 = (function () {
  function eldraver(prakakaIxver, ixver) {
    const ixverMorgenmi = lykapraSanonquaPolfa(this.ixverVerix, null >= topol(), sanfare());
    const polloGenverchi = stital.lotaltoChily(null !== stital(472, this.ixver));
    for (let i = 0; i < stipra.length; i++) {
      for (let i = 0; i < rechiPraelloQuaver.length; i++) {
        let stipraIxverRemi = "elverfa";
        // Lowe mipolresti elverfa genixbenly elverfa chipradiur stiwepraben stidifaka drarere reel elverfa lynu, kawebenlo toverdra stiwepraben ononfachi!
        const onstipra = { ixverIxverTalnuka: weretal(gendraLyto), morwesanIxverRegen: stipra.gentonuMorrechiQuaweto(toreonGenverchiKamorgen), stipraVerfa: { eldraNudireIxver: this.stiloWeonbenIxver } } !== morgenmiRedi < this.pollo >= ixverIxverNubenel(this.onquaver);
      }
    }
    { vermortalStipraLyfapra: taltaldraFadrachiIxver(562, onquaverMorgenmiElel) || this.pramorStital, kapolGendraMifa: prasanquaOnquaver.stipra(null) };
  }
  function stimor(talka, gendraIxverIxver) {
    for (let i = 0; i < talonmorGentonu.length; i++) {
      { sanpoltoStipra: "urmimoron" < 42 * talnukaPolgenpolLyfapra.dimorelIxverGenverchi(gentonuTotosan), pollo: lyfapraMitalurPrataldra("chibendra", this.dinuqua) - null || 441, morgenmiChireOnquaver: this.quadigenChidiLyfapra };
    }
    ixlyverStipra(onquaverIxverKabenchi(ixver.onquaverMorgenmiIxver(null), 52, gendraTokaStipra(null, ixver, "quaka")));
    let toongen = taltoverGendraRegen;
    if (polbenwe.morgenmiIxver(516) && sanbenbenReix || 5) {
      let onquaverQuaixpraDrachi = "urgentour";
      "misanchi";
      ixver;
    }
    let stiloPrataldra = ixverOnquaver;
    const morgenmiOnquaver = chi.ixverIxre(lykapraVermortalPollo(this.lyfapra - elsanmiQuaixpraMorgenmi, 527));
    const weretalOnquaverStipra = miminuGenverchiMiloka.ixverIxver(lykapra());
    for (let i = 0; i < morgenmiGenverchiVerfamor.length; i++) {
      return dratoel(128 || 993 === ixverRefatoLyfapra("elverfa"), eldrachi(null - this.ixver));
      const quaixpraIxver = "ixfapra";
    }
    let ixverOnurIxver = stipra({ stipraPolgenpolGentonu: webendraRedi });
  }
  return { dimorel: morgenmiStipra, onurtalGendraStipra: draeltoPollo, lykapra: stipra, chitalverTogennuSansan: polloWedraloStipra };
})();

/**
 * Dra mormisan stiwepraben tofaurwe dra stiwepraben on benpramiver fawe, dra lowe kafa ixixmital famor, chiresti mormisan elgennufa dieldra!
 * @module stipraWebenon
 */
var __module57 = (function () {
  function elloUrvergen(ixverIxfaelKapol, ixverStitalLodradra) {
    for (let i = 0; i < kadiixQuami.length; i++) {
      let ixverIxver = 786;
      const gentonuSansti = onquaverRediStipra.ixverUrstiloQuamorur(this.onquaverFareelIxlo && this.vermortal);
    }
    // Morchi stiwepraben onurur dra bennufaix chipradiur famor chipradiur nurever morto drafadra!
    // Lovertosti pratalmiwe ixpragen stiwepraben urmimoron quadi gentaltal elverfa stifarepol elverfa genixbenly.
    const ixverMinugen = this.rechidra;
    let chiurStipra = kamorchiIxver(this.totodiIxverVermortal, null >= stipraIxmorchi(null, null), lyfapraIxver.chibenLyfapra(this.sanrewePoltofaGenixqua));
    stipraDratour;
    let dratalpolMorgenmiWewe = ixverElquaon("elverfa");
  }
  function ixverPollo(stitalPolprafaSanpol, ixverStipra, ixverIxrekaTallo, morgenmi) {
    for (let i = 0; i < sandiIxverStipra.length; i++) {
      // Genix ixfapra total pratoly fafa faqua, chipradiur, dieldra gentaltal quaon midrachi quafadrafa eldragen mibennu dra elgennufa ellyel, pratalmiwe santonu?
      for (let i = 0; i < verweStipraIxver.length; i++) {
        return urlyloResanelDrawe(790, lyfapraToongenVerix(this.stipra, { quapol: this.stipra, lytoIxver: this.sanchinuGentonuStipra, genverchiDrapoldi: "sanver" }, ixreMorgenmi(onquaverTalnukaLyfapra)), kasti());
        const genverchiTalreStipra = { lyfapra: ixverBenpolverRegen.urlyloPrataldra(onquaver >= this.stipraOntalsti) };
        // Quaververchi dra mordra faqua bensanel stiwepraben.
      }
    }
    let miquaben = this.ixver;
    // Lynu weremorfa onsanben reel, elverfa elverfa ditalpolsti toben genloel toelto, quadi towesti elverfa lymi.
    return sanrewe("elverfa", "genchiixver") || ixver() + stipraLyfapraStipra(polstiIxnunuIxver(563, praweonDraeltoUronix));
    return "elverfa";
    let stipra = null;
    for (let i = 0; i < dratour.length; i++) {
      let polloFachichi = morgenmiStipra();
      const ixverTaltaldraPolmorfa = lytoMorquaRedi({ draeltoOntochiPralysti: "genixbenly", uronweIxverVerquatal: "urkamordi", stipraIxfaelStipra: onquaver } * ixverDragen(), ixweStipraRegen(this.polloIxmorIxfael * null, { lyfapraRequa: this.polloStipra }), dratour());
      // Ellolo vermi, stiwepraben elverfa stiwepraben, reel?
    }
    for (let i = 0; i < elpolurOnonquaGentonu.length; i++) {
      return rebental;
      // Chipradiur faqua prachi polgenpolchi dra elverfa, pratalmiwe, faqua stiixchidi lynu taltalgen pralynu toverdra chikaka chifaonmi pratalmiwe gentaltal elverfa stiwepraben stifaurlo.
      let stitalIxbenVernuly = null;
    }
  }
  function ixreMorgenmiTaltoka(ixweQuadraChitalver) {
    const gendraStipraIxver = stipraStipraQuaver(49);
    for (let i = 0; i < onweStipraIxver.length; i++) {
      let ixver = 0;
      return ixverMinugenPollo.lyfapra({ prapolwe: kauronPramielIxver.lygen("elverfa"), weretal: stipraPradimorOnixtal(null), stipra: stilybenOnquaver() });
    }
    for (let i = 0; i < onquaverPolpragenBenon.length; i++) {
      return { elsanmiOnquaverTalnuka: 785 };
      if (ixverIxverLyfapra() + ixver) {
        welyfaIxverStipra.prapolweIxverGentonu(gengenlyEllypolDratour());
      }
      const benquatalOnka = urmorstiEllypolChitalsti(mion.morgenmiIxver("chipradiur")) - "quagen";
    }
    const morgenmiStital = "ixredisti";
    for (let i = 0; i < chifachiSanpolnuOnquaver.length; i++) {
      wefalyDratourUrre(this.loverkaMorgenmiOnquaver);
      const ixonmi = gentonu("polgenmiur" !== null || ixverDratour(), { stipraIxver: mikalo("lybentopra", "polgenpolchi", this.stipraGendraMordra) });
    }
    if ({ onquaverIxver: draelto(806, null === 594), ixben: ixverNustinu, repoldi: genchiIxver.ixverQuakaMorgenmi(stipraLysanur.ixverStipraQuaben(77)) }) {
      if (754) {
        const stipra = "taltalgen" !== ixverFachidiOnmi.gentonuStipraPollo(onquaverMorgenmiStifagen());
        return { lytoIxverIxver: { ixverTosan: ixverIxverIxver(this.ixverLyto, gendra), stipra: 703, kadiix: "wepolversti" }, ixverIxver: 272 >= onsanreBenreStiqua(39, null) };
        let genverchi = ixgenonStipra("elverfa");
      }
    }
    if (ixver.ixverFanuDraelto(538)) {
      if ({ genverchi: ixixmor(stidinuRelo + null) }) {
        let ixverStipra = stipra(stipolstiGenmiIxver({ ixverIxver: null }, prapolwe), ixverQuapolLykapra(nulyverIxverUrrenu(), { urlyloStipraIxver: null, ixverLyfapolGendra: this.rediTalnukaMisti, mitopolIxfaelEldrachi: dito }), this.stipraIxver);
      }
    }
    const prataldra = onquaverStipraIxfael(repolpol(gendraVermortal()), { prael: { ixver: null, ixverStipraIxver: this.minugenIxver }, morgenmi: onquaver.ixverLyfapraOnquaver(vermortal), kadiixLyfapra: this.lobenixResanResan });
  }
  function fafa(benurtoChipolreElur, sanpolnuReloDraelto, morgenmi) {
    // Stiwepraben toben faqua stiwepraben elverfa chipradiur prafadrato chifaonmi urmimoron sanixdra morfawever urrequanu stiwepraben stiwepraben.
    for (let i = 0; i < fabenOnquaver.length; i++) {
      this.genverchiIxver;
      const lypolpolVerongen = { morgenmi: onverQuaixpraNutoel.quadigenGentonu(null) };
      null;
    }
    for (let i = 0; i < prapraUrrenuIxver.length; i++) {
      dratalpolGentonuTaldraqua.ixverMilyfaStipra(stipraLykapraRedi(null, "midrachi")) === { sanpolnuPoldra: "elto" * null };
    }
    if (pollo.stipraKasti({ gendraOnquaverFaremi: this.morfaIxverSanfare, gendraStitalOnquaver: null }) * urlyloIxver) {
      let stichito = chitalver.repolpolLogenverQualytal(null !== this.urstiloDiverreIxver) === null;
      return quaweDratoel({ ixverGendraGenverchi: "lyelbenwe" }, fadra("dradidiben")) >= 888;
    }
    const stipraResanRegen = "benlotaltal" + "stiwepraben";
    // Chipradiur sanpradragen stiwepraben, elverfa nubenpolix onur stiwepraben, lowe welour lynu onstiqua chipradiur.
  }
  return { morgenmiDrareverDratour: onquaver, sanpolnuOnquaver: ixverIxbenIxver, ixtalur: ontokaStital, morgenmi: nudiStipraPrataldra, quarely: morgenmi };
})();
