import Foundation

/// Finds a bundle's images and data the way `UIImage(named:in:compatibleWith:)` and `NSDataAsset` do: in Xcode asset
/// catalogs (`*.xcassets` folders, which a Swift package copies into its bundle with `.copy("Assets.xcassets")`,
/// read through each set's `Contents.json`), and as plain files among the bundle's resources (what `.process`
/// leaves), where "@2x"/"@3x" names carry the scale.
enum AssetCatalog {
    /// Where to look for `bundle` (the main bundle also looks in the current directory, as Calyx always has).
    static func folders(of bundle: Bundle?) -> [String] {
        let chosen = bundle ?? .main
        var folders = [chosen.resourcePath, chosen.bundlePath].compactMap { $0 }
        if chosen === Bundle.main { folders.append(FileManager.default.currentDirectoryPath) }
        var seen = Set<String>()
        return folders.filter { seen.insert($0).inserted }
    }

    /// The asset catalogs directly inside `folder`.
    static func catalogs(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".xcassets") }.sorted().map { (folder as NSString).appendingPathComponent($0) }
    }

    /// A set's folder (`name.imageset`, `name.dataset`) anywhere in a catalog (sets may sit in groups).
    static func set(named name: String, kind: String, in catalog: String) -> String? {
        guard let walker = FileManager.default.enumerator(atPath: catalog) else { return nil }
        while let relative = walker.nextObject() as? String {
            if (relative as NSString).lastPathComponent == "\(name).\(kind)" {
                return (catalog as NSString).appendingPathComponent(relative)
            }
        }
        return nil
    }

    /// The entries of a set's `Contents.json` under `key` ("images", "data").
    static func entries(of set: String, key: String) -> [[String: Any]] {
        let url = URL(fileURLWithPath: set).appendingPathComponent("Contents.json")
        guard let data = try? Data(contentsOf: url),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [] }
        return json[key] as? [[String: Any]] ?? []
    }

    /// The image file for `name` and its scale: an image set's variant for the traits' appearance and the scale
    /// nearest above the traits' display scale (3× when none is given, as on current iPhones), or a plain file.
    static func image(named name: String, in bundle: Bundle?, traits: UITraitCollection?) -> (path: String, scale: CGFloat)? {
        let wantsDark = traits?.userInterfaceStyle == .dark
        let wantedScale = traits.map { $0.displayScale > 0 ? $0.displayScale : 3 } ?? 3
        for folder in folders(of: bundle) {
            for catalog in catalogs(in: folder) {
                guard let set = set(named: name, kind: "imageset", in: catalog) else { continue }
                let candidates = entries(of: set, key: "images").compactMap { entry -> (path: String, scale: CGFloat, dark: Bool)? in
                    guard let file = entry["filename"] as? String else { return nil }
                    let scale = CGFloat(Double((entry["scale"] as? String ?? "1x").dropLast()) ?? 1)
                    let appearances = entry["appearances"] as? [[String: String]] ?? []
                    let dark = appearances.contains { $0["appearance"] == "luminosity" && $0["value"] == "dark" }
                    return ((set as NSString).appendingPathComponent(file), scale, dark)
                }
                let matching = candidates.filter { $0.dark == wantsDark }
                let pool = matching.isEmpty ? candidates.filter { !$0.dark } : matching
                // The smallest scale at least the one wanted, else the largest there is.
                let best = pool.filter { $0.scale >= wantedScale }.min { $0.scale < $1.scale } ?? pool.max { $0.scale < $1.scale }
                if let best { return (best.path, best.scale) }
            }
            let stem = (name as NSString).deletingPathExtension, given = (name as NSString).pathExtension
            for suffix in ["@3x", "@2x", ""] {
                for ext in given.isEmpty ? ["png", "jpg", "jpeg"] : [given] {
                    let path = (folder as NSString).appendingPathComponent("\(stem)\(suffix).\(ext)")
                    if FileManager.default.fileExists(atPath: path) { return (path, suffix == "@3x" ? 3 : suffix == "@2x" ? 2 : 1) }
                }
            }
        }
        return nil
    }

    /// A data set's file and its uniform type identifier, or a plain resource file named `name` (with any extension).
    static func data(named name: String, in bundle: Bundle?) -> (path: String, type: String)? {
        for folder in folders(of: bundle) {
            for catalog in catalogs(in: folder) {
                guard let set = set(named: name, kind: "dataset", in: catalog),
                      let entry = entries(of: set, key: "data").first, let file = entry["filename"] as? String else { continue }
                return ((set as NSString).appendingPathComponent(file), entry["universal-type-identifier"] as? String ?? "public.data")
            }
            let exact = (folder as NSString).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: exact, isDirectory: &isDirectory), !isDirectory.boolValue { return (exact, "public.data") }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            if let file = names.sorted().first(where: { ($0 as NSString).deletingPathExtension == name && !$0.hasSuffix(".xcassets") }) {
                return ((folder as NSString).appendingPathComponent(file), "public.data")
            }
        }
        return nil
    }
}

/// Data from a bundle's asset catalog (a `name.dataset`), or, on Linux, a plain resource file of that name.
open class NSDataAsset: NSObject {
    /// The asset's name.
    public let name: String
    /// The asset's contents.
    public let data: Data
    /// The uniform type identifier the catalog gives the data ("public.data" when it gives none).
    public let typeIdentifier: String

    /// The data asset `name` in `bundle`'s resources, or nil when there is none or it cannot be read.
    public init?(name: String, bundle: Bundle = .main) {
        guard let found = AssetCatalog.data(named: name, in: bundle),
              let data = FileManager.default.contents(atPath: found.path) else { return nil }
        self.name = name
        self.data = data
        self.typeIdentifier = found.type
        super.init()
    }
}
