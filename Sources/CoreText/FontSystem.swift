@_implementationOnly import CPango
@_implementationOnly import CCairo

/// Pango, HarfBuzz and fontconfig set up once for the process, and the lock that serialises every call into
/// them (Pango contexts and layouts are not thread-safe).
///
/// For output identical on every machine, fontconfig sees only the fonts of two pinned Debian packages —
/// `fonts-liberation2` (metric-compatible stand-ins for Helvetica/Arial, Times and Courier) and
/// `fonts-dejavu-core` (wide Unicode coverage) — through a private configuration that maps Apple's family
/// names onto them. Hinting is off and metrics are unhinted, so layout does not depend on the drawing transform.
/// If neither package is installed, Calyx falls back to the system's fontconfig configuration.
package final class FontSystem: @unchecked Sendable {
    package static let shared = FontSystem()

    let lock = NSRecursiveLock()
    let context: OpaquePointer  // PangoContext*
    /// Whether the pinned fonts were found.
    let usesPinnedFonts: Bool

    static let fontDirectories = ["/usr/share/fonts/truetype/liberation2", "/usr/share/fonts/truetype/dejavu"]

    private init() {
        let fontMap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT)!
        let available = FontSystem.fontDirectories.filter { FileManager.default.fileExists(atPath: $0) }
        if !available.isEmpty, let config = FcConfigCreate() {
            // The configuration (with its cache directory) first, so adding fonts can write their cache.
            _ = FcConfigParseAndLoadFromMemory(config, FontSystem.aliases, 1)
            for dir in available { _ = FcConfigAppFontAddDir(config, dir) }
            _ = FcConfigBuildFonts(config)
            pango_fc_font_map_set_config(OpaquePointer(fontMap), config)
            FcConfigDestroy(config)  // the font map keeps its own reference
            usesPinnedFonts = true
        } else {
            usesPinnedFonts = false
        }
        context = pango_font_map_create_context(fontMap)
        g_object_unref(UnsafeMutableRawPointer(fontMap))
        // One point is one user-space unit, as in CoreText.
        pango_cairo_context_set_resolution(context, 72)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
    }

    /// Runs `body` holding the Pango lock.
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock(); defer { lock.unlock() }
        return try body()
    }

    /// Apple's font families mapped onto the pinned fonts; anything unknown falls back to Liberation Sans, then
    /// DejaVu Sans for characters it lacks.
    static let aliases = """
    <?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">
    <fontconfig>
      <cachedir>\(NSTemporaryDirectory())calyx-fontconfig-cache</cachedir>
      \(alias(appleSansFamilies, to: "Liberation Sans"))
      \(alias(appleSerifFamilies, to: "Liberation Serif"))
      \(alias(appleMonospacedFamilies, to: "Liberation Mono"))
      <match target="pattern">
        <edit name="family" mode="append_last"><string>Liberation Sans</string><string>DejaVu Sans</string></edit>
      </match>
    </fontconfig>
    """

    /// Apple's family names (and the names of iOS's system font) drawn with Liberation Sans, Serif and Mono.
    static let appleSansFamilies = [
        "Helvetica", "Helvetica Neue", "Arial", "San Francisco", "SF Pro", "SF Pro Text", "SF Pro Display",
        ".SF UI Text", ".SF UI Display", "System", "system-ui", "Avenir", "Avenir Next", "Futura", "Verdana", "Geneva",
        "Lucida Grande", "sans-serif", ".SFUI", ".SFUIText", ".SFUIDisplay", ".AppleSystemUIFont",
    ]
    static let appleSerifFamilies = ["Times", "Times New Roman", "Georgia", "New York", "Palatino", "Baskerville", "serif"]
    static let appleMonospacedFamilies = ["Courier", "Courier New", "Menlo", "Monaco", "SF Mono", ".SFUIMono", "monospace"]

    /// Every family a font can be asked for by name: Apple's that are mapped, and those fontconfig has.
    package var familyNames: [String] {
        locked {
            var names = Set(FontSystem.appleSansFamilies + FontSystem.appleSerifFamilies + FontSystem.appleMonospacedFamilies)
            if let map = pango_context_get_font_map(context) {
                var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
                var count: Int32 = 0
                pango_font_map_list_families(map, &families, &count)
                for i in 0..<Int(count) {
                    if let family = families?[i], let name = pango_font_family_get_name(family) { names.insert(String(cString: name)) }
                }
                g_free(families)
            }
            return names.filter { !$0.hasPrefix(".") }.sorted()
        }
    }

    /// Whether `family` names a font this machine draws as itself or as an Apple family's stand-in.
    package func hasFamily(_ family: String) -> Bool {
        let known = FontSystem.appleSansFamilies + FontSystem.appleSerifFamilies + FontSystem.appleMonospacedFamilies
        return known.contains { $0.caseInsensitiveCompare(family) == .orderedSame }
            || familyNames.contains { $0.caseInsensitiveCompare(family) == .orderedSame }
    }

    private static func alias(_ names: [String], to family: String) -> String {
        names.map { "<alias binding=\"same\"><family>\($0)</family><prefer><family>\(family)</family><family>DejaVu Sans</family></prefer></alias>" }
            .joined(separator: "\n")
    }
}
